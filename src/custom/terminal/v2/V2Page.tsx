/**
 * The older v2 terminal screens (docs/terminal.md, Screens) over the same records as v3: `{v2}/table/` lists,
 * `{v2}/create/` adds, `{v2}/{entityId}/` shows the record whose number (`legacy_id`) is entityId.
 * A compact layout, with a link to the v3 screen of the same record.
 */
import { Alert, Box, Button, Link as MuiLink, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Loading, ResourceContextProvider, Title, useCanAccess, useDataProvider, useGetList } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import type { PageProps } from '../../../routes/define-route';
import { getResource } from '../../../resources/index';
import { ResourceTable } from '../../../table/ResourceTable';
import type { Row } from '../../../table/grid-columns';
import { type TerminalScreen, TB, terminalRecordPath, v2RecordPath } from '../../../routes/terminal-screens';
import { terminalScreenOf } from '../useTerminalScreen';
import { TerminalRecord } from '../TerminalRecord';

export default function V2Page({ params, route }: PageProps) {
  const { screen } = terminalScreenOf(route);
  if (route.path.endsWith('/table/')) return <V2List screen={screen} />;
  if (route.path.endsWith('/create/')) return <V2Frame screen={screen}><TerminalRecord resource={screen.resource} /></V2Frame>;
  return <V2Record screen={screen} legacyId={Number(params.entityId)} />;
}

function V2Frame({ screen, v3Path, children }: { screen: TerminalScreen; v3Path?: string; children: React.ReactNode }) {
  return (
    <Box sx={{ p: { xs: 0, sm: 1 }, '& .MuiTypography-body2': { fontSize: 13 } }}>
      <Alert severity="info" sx={{ py: 0, mb: 1 }}>
        Older (v2) screen. <MuiLink component={Link} to={v3Path ?? `/${TB}/v3/${screen.slug}/`}>Open the v3 screen</MuiLink>
      </Alert>
      {children}
    </Box>
  );
}

function V2List({ screen }: { screen: TerminalScreen }) {
  const r = getResource(screen.resource);
  const navigate = useNavigate();
  const dp = useDataProvider();
  const { canAccess: canCreate } = useCanAccess({ resource: r.name, action: 'create' });
  // Rows open by their number; a table without the number column asks for the record first.
  const open = async (row: Row) => {
    const legacy = row.legacy_id ?? (await dp.getOne(r.name, { id: row.id })).data.legacy_id;
    navigate(v2RecordPath(screen, Number(legacy))!);
  };
  return (
    <V2Frame screen={screen}>
      <ResourceContextProvider value={r.name}>
        <Title title={`${r.pluralLabel} (v2)`} />
        <ResourceTable resource={r.name} table={`v2:${r.name}`} title={`${r.pluralLabel} (v2)`} onRowClick={(row) => void open(row)}
          toolbar={canCreate && screen.slug !== 'ticket' ? <Button component={Link} to={`/${TB}/${screen.v2}/create/`} size="small" variant="contained" startIcon={<AddIcon />}>Create</Button> : null} />
      </ResourceContextProvider>
    </V2Frame>
  );
}

function V2Record({ screen, legacyId }: { screen: TerminalScreen; legacyId: number }) {
  const r = getResource(screen.resource);
  const { data, isPending, error } = useGetList(r.name, { filter: { legacy_id: legacyId }, pagination: { page: 1, perPage: 1 } });
  if (isPending) return <Loading />;
  const record = data?.[0];
  if (error || !record) return <V2Frame screen={screen}><Typography sx={{ p: 2 }}>{error ? (error as Error).message : `No ${r.label.toLowerCase()} number ${legacyId}.`}</Typography></V2Frame>;
  return (
    <V2Frame screen={screen} v3Path={terminalRecordPath(screen, record.id)}>
      <TerminalRecord resource={r.name} id={String(record.id)} />
    </V2Frame>
  );
}
