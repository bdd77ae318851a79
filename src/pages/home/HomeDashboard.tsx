/**
 * Home (docs/shell.md, Home): the screens the user can open, grouped by area as the side menu groups
 * them and named as the menu names them (visible-menu.ts), each once, with record counts where the
 * menu declares them (GET {resource}/count/). Screens not built yet, the older v2 screens and what
 * the user cannot reach are not shown.
 */
import { Box, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Title } from 'react-admin';
import { getResource } from '../../resources/index';
import { MENU_ICONS } from '../../layout/menu-icons';
import { useProfile } from '../../hooks/useProfile';
import { useResourceCount } from '../../hooks/useResourceCount';
import { countLabel } from '../../lib/format';
import { useIsBuilt } from '../../routes/built-pages';
import { type ShownEntry, homeAreas } from '../../routes/visible-menu';
import { ACCOUNT_SECTION } from '../../routes/menu';

function CountLine({ resource }: { resource: string }) {
  const { data, isPending, isError } = useResourceCount(resource);
  if (isError) return null;
  if (isPending) return <Skeleton width={80} />;
  const r = getResource(resource);
  return <Typography variant="body2" color="text.secondary" data-testid={`count-${resource}`}>{countLabel(data ?? 0, r.label.toLowerCase(), 0, r.pluralLabel.toLowerCase())}</Typography>;
}

function TileCard({ entry }: { entry: ShownEntry }) {
  return (
    <Card variant="outlined">
      <CardActionArea component={Link} to={entry.to} sx={{ height: '100%' }} data-testid={`home-${entry.to}`}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 1.5, '&:last-child': { pb: 1.5 } }}>
          <Box sx={{ color: 'primary.main', display: 'flex' }}>{MENU_ICONS[entry.icon]}</Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 500 }} noWrap>{entry.label}</Typography>
            {entry.count && <CountLine resource={entry.count} />}
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export default function HomeDashboard() {
  const { permissions } = useProfile();
  const isBuilt = useIsBuilt();
  const areas = homeAreas(permissions, isBuilt);
  // The profile is everyone's; an account that reaches nothing else is told so.
  const onlyAccount = areas.every((a) => a.entries.every((e) => e.area === ACCOUNT_SECTION));
  const grid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 1.5 } as const;
  const name = permissions?.name || permissions?.email;

  return (
    <Box sx={{ p: 2 }}>
      <Title title="Home" />
      <Typography variant="h5" component="h2" gutterBottom>Welcome{name ? `, ${name}` : ''}</Typography>
      {permissions?.company && <Typography color="text.secondary" sx={{ mb: 2 }}>{permissions.company.name}</Typography>}
      {onlyAccount && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>Your account does not have access to any area yet. Please contact an administrator.</Typography>
      )}
      {areas.map((area) => (
        <Box component="section" key={area.label ?? ''} sx={{ mb: 2.5 }} aria-label={area.label ?? 'General'} data-testid={`home-area-${area.label ?? 'general'}`}>
          {area.label && <Typography variant="overline" color="text.secondary" component="h2">{area.label}</Typography>}
          <Box sx={grid}>{area.entries.map((e) => <TileCard key={e.to} entry={e} />)}</Box>
        </Box>
      ))}
    </Box>
  );
}
