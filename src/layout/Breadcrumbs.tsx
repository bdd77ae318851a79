import { Breadcrumbs as MuiBreadcrumbs, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { Crumb } from '../routes/breadcrumbs';

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <MuiBreadcrumbs aria-label="breadcrumb" sx={{ px: 2, pt: 1.5, pb: 0.5, fontSize: 14 }}>
      {crumbs.map((c, i) => c.to && i < crumbs.length - 1
        ? <Link key={i} component={RouterLink} to={c.to} underline="hover" color="inherit">{c.label}</Link>
        : <Typography key={i} color={i === crumbs.length - 1 ? 'text.primary' : 'text.secondary'} sx={{ fontSize: 14 }}>{c.label}</Typography>)}
    </MuiBreadcrumbs>
  );
}
