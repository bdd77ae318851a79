/**
 * `scheduler/template/{templateId}/` (docs/scheduler.md, Pages): a template's week pattern edited
 * on a week grid: drag across empty time to add a slot, drag a slot to move it, stretch it to
 * lengthen it, click it to set its loads or remove it; Save writes the pattern (the server checks
 * each slot). Then make a range's slots from it, or bring its slots in line after a change. On a
 * phone one weekday shows at a time.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography, useMediaQuery, useTheme } from '@mui/material';
import { EditBase, Link, Title, useCanAccess, useGetOne, useNotify, useUpdate } from 'react-admin';
import { Calendar, Views } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import type { PageProps } from '../../routes/define-route';
import { NotFound } from '../../layout/NotFound';
import { httpStatus } from '../../generic/submit-errors';
import { ActionDialog } from '../../generic/ActionDialog';
import { FoldingPanel } from '../../generic/FoldingPanel';
import { EditForm } from '../../generic/GenericEdit';
import { slot as slotResource } from '../../resources/schedule/slot';
import { slotTemplate } from '../../resources/schedule/slot-template';
import { WEEKDAYS } from '../../resources/schedule/common';
import { MAX_SLOT_VOLUME, type PatternSlot } from '../../lib/slot-times';
import { useNotifyError } from '../../hooks/useNotifyError';
import { CALENDAR_SX, DayHeader, localizer, useCalendarZone, withDragAndDrop } from './zone-calendar';
import { PATTERN_ZONE, type PatternEvent, fromRange, referenceDay, toEvents } from './week-pattern';
import { locationPath } from './schedule-api';
import { planSummary } from './SlotsTable';

const DnDCalendar = withDragAndDrop<PatternEvent>(Calendar);

export default function TemplatePage({ params }: PageProps) {
  const id = Number(params.templateId);
  useCalendarZone(PATTERN_ZONE);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const notify = useNotify();
  const notifyError = useNotifyError();
  const { data, isPending, error, refetch } = useGetOne(slotTemplate.name, { id }, { retry: false });
  const { canAccess: canEdit } = useCanAccess({ resource: slotTemplate.name, action: 'edit' });
  const { canAccess: canMake } = useCanAccess({ resource: slotResource.name, action: 'create' });
  const [update, { isPending: saving }] = useUpdate();
  const [pattern, setPattern] = useState<PatternSlot[]>([]);
  const [dirty, setDirty] = useState(false);
  const [weekday, setWeekday] = useState(1);
  const [editing, setEditing] = useState<number | null>(null);
  const [dialog, setDialog] = useState<'make' | 'apply' | null>(null);
  useEffect(() => { if (data) { setPattern((data.pattern as PatternSlot[]) ?? []); setDirty(false); } }, [data]);
  const events = useMemo(() => toEvents(pattern), [pattern]);
  const change = (next: PatternSlot[]) => { setPattern(next); setDirty(true); };
  const replace = (i: number, s: PatternSlot) => change(pattern.map((p, k) => (k === i ? s : p)));

  if (isPending) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box>;
  if (httpStatus(error) === 404) return <NotFound />;
  if (error || !data) return <Alert severity="error" sx={{ m: 2 }}>{error?.message ?? 'The template could not be read.'}</Alert>;
  const save = () => update(slotTemplate.name, { id, data: { pattern, version: data.version }, previousData: data }, {
    mutationMode: 'pessimistic',
    onSuccess: () => { notify('Template saved', { type: 'success' }); void refetch(); },
    onError: (e) => notifyError(e),
  });
  const loads = pattern.reduce((n, s) => n + s.capacity, 0);
  const dropped = ({ event, start, end }: { event: PatternEvent; start: string | Date; end: string | Date }) =>
    replace(event.id, { ...fromRange(new Date(start), new Date(end), event.slot.capacity), ...(event.slot.products ? { products: event.slot.products } : {}) });
  return (
    <Box sx={{ p: { xs: 0, sm: 1 }, display: 'grid', gap: 1 }}>
      <Title title={`Template ${String(data.name)}`} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ px: { xs: 1, sm: 0 }, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary">
          For <Link to={locationPath(Number(data.location))}>{String((data._labels as Record<string, string> | undefined)?.location ?? 'its location')}</Link> · {pattern.length} slots, {loads} loads a week{data.enabled ? '' : ' · disabled'}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {canEdit && <Button variant="contained" disabled={!dirty || saving} onClick={() => void save()}>{dirty ? 'Save' : 'Saved'}</Button>}
          {canMake && <Button disabled={dirty} onClick={() => setDialog('make')}>Make slots…</Button>}
          {canEdit && <Button disabled={dirty} onClick={() => setDialog('apply')}>Apply to slots…</Button>}
        </Stack>
      </Stack>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', px: { xs: 1, sm: 0 } }}>Week pattern</Typography>
      {canEdit && <Typography variant="body2" color="text.secondary" sx={{ px: { xs: 1, sm: 0 } }}>Drag across an empty time to add a slot; drag a slot to move it or its lower edge to change its length; click it to set its loads or remove it.</Typography>}
      {phone && (
        <ToggleButtonGroup exclusive size="small" value={weekday} onChange={(_, v: number | null) => v && setWeekday(v)} aria-label="Weekday" sx={{ px: 1, flexWrap: 'wrap' }}>
          {WEEKDAYS.map(([v, label]) => <ToggleButton key={v} value={Number(v)} aria-label={label}>{label.slice(0, 3)}</ToggleButton>)}
        </ToggleButtonGroup>
      )}
      <Box data-testid="template-week" sx={{ height: { xs: 620, md: 720 }, px: { xs: 1, sm: 0 }, ...CALENDAR_SX }}>
        <DnDCalendar
          localizer={localizer}
          events={events}
          date={referenceDay(phone ? weekday : 1)}
          view={phone ? Views.DAY : Views.WEEK}
          views={[Views.DAY, Views.WEEK]}
          onView={() => undefined}
          onNavigate={() => undefined}
          toolbar={false}
          step={30}
          timeslots={2}
          scrollToTime={new Date(referenceDay(1).getTime() + 6 * 3_600_000)}
          formats={{ dayFormat: 'cccc', timeGutterFormat: 'HH:mm', eventTimeRangeFormat: ({ start, end }) => `${localizer.format(start, 'HH:mm')}–${localizer.format(end, 'HH:mm')}` }}
          selectable={!!canEdit}
          onSelectSlot={({ start, end }) => change([...pattern, fromRange(start, end, 2)])}
          onSelectEvent={(e) => canEdit && setEditing(e.id)}
          draggableAccessor={() => !!canEdit}
          resizableAccessor={() => !!canEdit}
          onEventDrop={dropped}
          onEventResize={dropped}
          components={{ header: DayHeader }}
        />
      </Box>
      {editing !== null && pattern[editing] && (
        <PatternSlotDialog slot={pattern[editing]} onClose={() => setEditing(null)}
          onSave={(s) => { replace(editing, s); setEditing(null); }} onRemove={() => { change(pattern.filter((_, k) => k !== editing)); setEditing(null); }} />
      )}
      {canEdit && (
        <FoldingPanel label="Template settings">
          <EditBase resource={slotTemplate.name} id={id} mutationMode="pessimistic" redirect={false} mutationOptions={{ onSuccess: () => void refetch() }}>
            <EditForm />
          </EditBase>
        </FoldingPanel>
      )}
      {dialog === 'make' && (
        <ActionDialog resource={slotResource} action="create_slots" title={`Make slots from ${String(data.name)}`} submitLabel="Make slots" only={['from', 'to']} defaults={{ location: data.location, template: id }}
          onClose={() => setDialog(null)} onDone={(r) => { setDialog(null); notify(planSummary(r as Parameters<typeof planSummary>[0]), { type: 'info' }); }} />
      )}
      {dialog === 'apply' && (
        <ActionDialog resource={slotResource} action="alter_slots_based_on_template" title="Bring the template's slots in line" submitLabel="Apply" only={['from', 'to']} defaults={{ template: id }}
          onClose={() => setDialog(null)}
          onDone={(r) => {
            setDialog(null);
            const x = r as { created: number; updated: number; removed: number; kept: { starts_at: string; reason: string }[] };
            notify(`${x.created} made, ${x.updated} changed, ${x.removed} removed${x.kept.length ? `; ${x.kept.length} kept for their bookings` : ''}`, { type: 'info' });
          }} />
      )}
    </Box>
  );
}

function PatternSlotDialog({ slot, onClose, onSave, onRemove }: { slot: PatternSlot; onClose(): void; onSave(s: PatternSlot): void; onRemove(): void }) {
  const [capacity, setCapacity] = useState(String(slot.capacity));
  const [minutes, setMinutes] = useState(String(slot.minutes));
  const [volume, setVolume] = useState(slot.volume === undefined ? '' : String(slot.volume));
  const volumeOk = volume === '' || (Number(volume) > 0 && Number(volume) <= MAX_SLOT_VOLUME);
  const valid = volumeOk && Number.isInteger(Number(capacity)) && Number(capacity) >= 1 && Number(capacity) <= 200 && Number.isInteger(Number(minutes)) && Number(minutes) >= 5 && Number(minutes) <= 1440;
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{WEEKDAYS[slot.weekday - 1][1]} {slot.start}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField label="Loads" type="number" value={capacity} onChange={(e) => setCapacity(e.target.value)} slotProps={{ htmlInput: { min: 1, max: 200 } }} helperText="The trucks it loads (1 to 200)." />
        <TextField label="Minutes" type="number" value={minutes} onChange={(e) => setMinutes(e.target.value)} slotProps={{ htmlInput: { min: 5, max: 1440 } }} helperText="How long it lasts (5 to 1,440)." />
        <TextField label="Volume (m³)" type="number" value={volume} onChange={(e) => setVolume(e.target.value)} error={!volumeOk} slotProps={{ htmlInput: { min: 0.001, step: 'any' } }} helperText="The most it loads in all; leave empty for no limit." />
      </DialogContent>
      <DialogActions>
        <Button color="error" onClick={onRemove}>Remove</Button>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!valid} onClick={() => {
          const { volume: _old, ...rest } = slot;
          onSave({ ...rest, capacity: Number(capacity), minutes: Number(minutes), ...(volume === '' ? {} : { volume: Number(volume) }) });
        }}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
