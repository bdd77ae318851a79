/**
 * `config/audit/changes/{entryId}/` (docs/audit.md, Screens): one recorded change as a person reads
 * it (`audit/crud/{id}/prettify/`): when, in the company's zone; who; through which call, request
 * and address; the record, opened where the user may; each field before → after by its label.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, CircularProgress, Link, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, type Theme, Typography, useMediaQuery } from '@mui/material';
import { Title, useDataProvider } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { PageProps } from '../../routes/define-route';
import type { AppDataProvider } from '../../dataProvider';
import { crudEvent } from '../../resources/audit/crud-event';
import { registry } from '../../resources/index';
import { recordPathOf } from '../../generic/home-paths';
import { type FieldChange, type ReadableEntry, eventLabel } from '../../generic/audit-entry';
import { useCompanyTimeZone } from '../../hooks/useCompanyTimeZone';
import { useZoneRules } from '../../hooks/useZoneRules';
import { formatInZone } from '../../lib/time-zone';

const text = (v: string | null, f: FieldChange, zone: string) => (v === null || v === '' ? '—' : f.kind === 'datetime' ? formatInZone(v, zone) : v);

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">{label}</Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{children}</Typography>
    </Box>
  );
}

export default function AuditEntryPage({ params }: PageProps) {
  const dp = useDataProvider<AppDataProvider>();
  const zone = useCompanyTimeZone();
  useZoneRules([zone]);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { data: e, error, isPending } = useQuery({
    queryKey: [crudEvent.name, 'prettify', params.entryId],
    queryFn: () => dp.callAction(crudEvent.name, { id: String(params.entryId), action: 'prettify', method: 'GET' }) as Promise<ReadableEntry>,
  });
  if (error) return <Alert severity="error" sx={{ m: 1 }}>{(error as Error).message}</Alert>;
  if (isPending) return <Box sx={{ p: 2 }}><CircularProgress size={20} /></Box>;
  const r = registry.get(e.model);
  const recordPath = r?.screen && e.event_type !== 'delete' ? recordPathOf(r.name, e.object_id) : null;
  const record = e.record_label ?? `#${e.object_id}`;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 0 } }}>
      <Title title={`${eventLabel(e.event_type)}: ${e.model_label} ${record}`} />
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <Fact label="When">{formatInZone(e.at, zone)}</Fact>
        <Fact label="Who">{e.user_label ?? 'System'}</Fact>
        <Fact label="Record">{recordPath ? <Link component={RouterLink} to={recordPath}>{e.model_label} {record}</Link> : `${e.model_label} ${record}`}</Fact>
        <Fact label="Change">{eventLabel(e.event_type)}</Fact>
        <Fact label="Call">{e.via ?? '—'}</Fact>
        <Fact label="Request">{e.request_id ?? '—'}</Fact>
        <Fact label="Address">{e.remote_ip ?? '—'}</Fact>
      </Paper>
      {!e.fields.length ? <Typography variant="body2" color="text.secondary">No field changed.</Typography> : phone ? (
        <Stack spacing={1} aria-label="Changed fields" role="list">
          {e.fields.map((f) => (
            <Paper key={f.field} variant="outlined" sx={{ p: 1 }} role="listitem">
              <Typography variant="subtitle2">{f.label}</Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{text(f.before_text, f, zone)} → {text(f.after_text, f, zone)}</Typography>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Paper variant="outlined">
          <Table size="small" aria-label="Changed fields">
            <TableHead><TableRow><TableCell>Field</TableCell><TableCell>Before</TableCell><TableCell>After</TableCell></TableRow></TableHead>
            <TableBody>
              {e.fields.map((f) => (
                <TableRow key={f.field}>
                  <TableCell>{f.label}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{text(f.before_text, f, zone)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{text(f.after_text, f, zone)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
