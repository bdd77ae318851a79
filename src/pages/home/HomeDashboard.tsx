/**
 * Home: a card for each area and resource the user can reach, with record counts where the area is a
 * resource list (GET {resource}/count/). What the user cannot reach is not shown.
 */
import { Box, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Title } from 'react-admin';
import { MENU } from '../../routes/menu';
import { canReach } from '../../routes/guard';
import { buildPath } from '../../routes/params';
import { resources } from '../../resources/index';
import { canView } from '../../authProvider/permissions';
import { MENU_ICONS } from '../../layout/menu-icons';
import { useProfile } from '../../hooks/useProfile';
import { useResourceCount } from '../../hooks/useResourceCount';
import { countLabel } from '../../lib/format';
import { listPathOf } from '../../generic/home-paths';
import { useIsBuilt } from '../../routes/built-pages';
import type { ReactElement } from 'react';

interface Tile { key: string; label: string; to: string; icon: ReactElement; built: boolean; count?: { resource: string; word: string; words: string } }

function CountLine({ resource, word, words }: { resource: string; word: string; words: string }) {
  const { data, isPending, isError } = useResourceCount(resource);
  if (isError) return null;
  if (isPending) return <Skeleton width={80} />;
  return <Typography variant="body2" color="text.secondary" data-testid={`count-${resource}`}>{countLabel(data ?? 0, word.toLowerCase(), 0, words.toLowerCase())}</Typography>;
}

function TileCard({ tile }: { tile: Tile }) {
  return (
    <Card variant="outlined" sx={tile.built ? undefined : { opacity: 0.6 }}>
      <CardActionArea component={Link} to={tile.to} sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <Box sx={{ color: 'primary.main', display: 'flex' }}>{tile.icon}</Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 500 }}>{tile.label}</Typography>
            {tile.count && <CountLine {...tile.count} />}
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export default function HomeDashboard() {
  const { permissions } = useProfile();
  const isBuilt = useIsBuilt();
  const areas: Tile[] = MENU.flatMap((s) => s.entries)
    .filter((e) => e.route.path !== '' && canReach(permissions, e.route.access))
    .map((e) => {
      const r = e.count ? resources.find((x) => x.name === e.count) : undefined;
      return { key: e.route.path, label: e.label ?? e.route.label, to: buildPath(e.route.path), icon: MENU_ICONS[e.icon], built: isBuilt(e.route), count: r ? { resource: r.name, word: r.label, words: r.pluralLabel } : undefined };
    });
  const listed = new Set(areas.map((a) => a.to));
  const records: Tile[] = resources
    // Resources with a screen of their own in the route table appear (guarded) among the areas.
    .filter((r) => !listed.has(listPathOf(r.name)) && listPathOf(r.name) === `/${r.name}` && canView(permissions, r))
    .map((r) => ({ key: r.name, label: r.pluralLabel, to: listPathOf(r.name), icon: MENU_ICONS.settings, built: true, count: { resource: r.name, word: r.label, words: r.pluralLabel } }));
  const ready = [...areas.filter((t) => t.built), ...records];
  const later = areas.filter((t) => !t.built);
  const grid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 2 } as const;
  const name = permissions?.name || permissions?.email;

  return (
    <Box sx={{ p: 2 }}>
      <Title title="Home" />
      <Typography variant="h5" gutterBottom>Welcome{name ? `, ${name}` : ''}</Typography>
      {permissions?.company && <Typography color="text.secondary" sx={{ mb: 3 }}>{permissions.company.name}</Typography>}
      {areas.length === 0 && records.length === 0 && (
        <Typography color="text.secondary">Your account does not have access to any area yet. Please contact an administrator.</Typography>
      )}
      {ready.length > 0 && (
        <>
          <Typography variant="overline" color="text.secondary">Your areas</Typography>
          <Box sx={{ ...grid, mb: 3 }} data-testid="home-areas">{ready.map((t) => <TileCard key={t.key} tile={t} />)}</Box>
        </>
      )}
      {later.length > 0 && (
        <>
          <Typography variant="overline" color="text.secondary">Coming in later releases</Typography>
          <Box sx={grid} data-testid="home-later">{later.map((t) => <TileCard key={t.key} tile={t} />)}</Box>
        </>
      )}
    </Box>
  );
}
