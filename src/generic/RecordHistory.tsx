/**
 * A record's History (docs/audit.md, Screens): every recorded change of the record, from the
 * audit trail (`audit/crud/record/`), read as the other histories are (HistoryTable): when, in the
 * record's zone; who; what; each field before → after by its label. Shown to whoever may read the
 * record's history; loaded when opened, so a record page costs nothing more until then.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Stack } from '@mui/material';
import { type Identifier, useDataProvider, useRecordContext } from 'react-admin';
import type { AppDataProvider } from '../dataProvider';
import type { Resource } from '../resources/define';
import { crudEvent } from '../resources/audit/crud-event';
import { RECORD_HISTORY } from '../resources/audit/common';
import { hasCodename } from '../authProvider/permissions';
import { useProfile } from '../hooks/useProfile';
import { useCompanyTimeZone } from '../hooks/useCompanyTimeZone';
import { rowTimeZone } from '../lib/time-zone';
import { FoldingPanel } from './FoldingPanel';
import { type HistoryEntry, HistoryTable } from './HistoryTable';
import { type FieldChange, type ReadableEntry, eventLabel } from './audit-entry';

interface Page { count: number; results: ReadableEntry[] }

const PAGE = 50;

/** Kinds the history table formats itself: references by label, times in the record's zone. */
const RAW = new Set(['ref', 'refs', 'datetime']);

/**
 * An entry as the history table reads it: references and times as stored (the table labels and
 * zones them), every other value as the server wrote it for people (Yes, a choice's label, a unit).
 */
function asHistory(e: ReadableEntry): HistoryEntry & { id: number } {
  const list = (f: FieldChange, v: string | null) => (f.kind === 'refs' ? (v === null ? [] : [v]) : v);
  const value = (f: FieldChange, raw: string | null, text: string | null) => list(f, RAW.has(f.kind) ? raw : text);
  return {
    id: e.id,
    at: e.at,
    user: e.user_label ?? 'System',
    action: eventLabel(e.event_type),
    changes: Object.fromEntries(e.fields.map((f) => [f.field, [value(f, f.before, f.before_text), value(f, f.after, f.after_text)]])),
    _labels: Object.fromEntries(e.fields.map((f) => [f.field, [list(f, f.before_text), list(f, f.after_text)]])),
  };
}

function Entries({ r, id, zone }: { r: Resource; id: Identifier; zone: string }) {
  const dp = useDataProvider<AppDataProvider>();
  const [pages, setPages] = useState(1);
  const { data, error, isPending } = useQuery({
    queryKey: [crudEvent.name, 'record', r.name, String(id), pages],
    queryFn: () => dp.callAction(crudEvent.name, { action: 'record', method: 'GET', query: { model: r.name, object_id: String(id), page_size: PAGE * pages } }) as Promise<Page>,
  });
  return (
    <Stack spacing={1}>
      <HistoryTable rows={data?.results.map(asHistory)} isPending={isPending} error={error} zone={zone} resourceOf={() => r} testId="record-history" empty="No change recorded yet." />
      {data && data.count > data.results.length && (
        <Button size="small" sx={{ alignSelf: 'flex-start' }} onClick={() => setPages((p) => p + 1)}>Show older changes ({data.count - data.results.length} more)</Button>
      )}
    </Stack>
  );
}

/** The History panel of the current record, where the user may read it. */
export function RecordHistory({ resource }: { resource: Resource }) {
  const record = useRecordContext();
  const { permissions } = useProfile();
  const companyZone = useCompanyTimeZone();
  const [opened, setOpened] = useState(false);
  if (!record?.id || !(hasCodename(permissions, RECORD_HISTORY) || hasCodename(permissions, `view_${crudEvent.perms.model}`))) return null;
  return (
    // On a phone an edit form's save bar is fixed at the foot of the screen: the panel ends above it.
    <Box sx={{ mb: { xs: 9, sm: 0 } }}>
      <FoldingPanel label="History" onToggle={setOpened}>
        {opened && <Entries r={resource} id={record.id} zone={rowTimeZone(record, companyZone)} />}
      </FoldingPanel>
    </Box>
  );
}
