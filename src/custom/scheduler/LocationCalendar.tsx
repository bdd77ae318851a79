/**
 * `scheduler/location/{id}/schedule/` (docs/scheduler.md, Pages): a day or a week of the
 * location's slots in its own zone, each drawn behind its bookings with its loads (blocked ones
 * hatched), and the bookings on them. Drag a booking to another slot to move it; click a slot to
 * book it, block or unblock it; click a booking to see it and move it along. The week is read in
 * one call (`location_slots/`).
 */
import { useCallback, useMemo, useState } from 'react';
import { Alert, Box, Chip, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useDataProvider, useNotify } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Calendar, type View, Views } from 'react-big-calendar';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { DateTime } from 'luxon';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useZoneRules } from '../../hooks/useZoneRules';
import { type Booking, type Slot, scheduleApi } from './schedule-api';
import { CALENDAR_SX, DayHeader, localizer, useCalendarZone, withDragAndDrop } from './zone-calendar';
import { SlotMenu } from './SlotMenu';
import { BookingDetails } from './BookingDetails';
import { BOOKING_COLORS } from './booking-colors';

interface CalEvent { id: string; title: string; start: Date; end: Date; booking?: Booking; slot: Slot }
const DnDCalendar = withDragAndDrop<CalEvent>(Calendar);

interface Props { locationId: number; zone: string; canBook: boolean; canBlock: boolean; canMove: boolean }

/** The days a view shows around a date, in the calendar's zone. */
function rangeOf(date: Date, view: View): [string, string] {
  const d = DateTime.fromJSDate(date);
  return view === Views.DAY ? [d.toISODate()!, d.toISODate()!] : [d.startOf('week').toISODate()!, d.endOf('week').toISODate()!];
}

export function LocationCalendar({ locationId, zone, canBook, canBlock, canMove }: Props) {
  const rules = useZoneRules([zone]);
  useCalendarZone(zone);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const dp = useDataProvider<AppDataProvider>();
  const api = useMemo(() => scheduleApi(dp), [dp]);
  const notify = useNotify();
  const notifyError = useNotifyError();
  const client = useQueryClient();
  const [date, setDate] = useState(() => new Date());
  const [view, setView] = useState<View>(phone ? Views.DAY : Views.WEEK);
  const [from, to] = rangeOf(date, view);
  const key = ['schedule/slot', 'location_slots', locationId, from, to];
  const { data: slots, error } = useQuery({ queryKey: key, queryFn: () => api.slots(locationId, from, to) });
  // The server's rules for the zone arrive after the first render: the calendar is drawn again by them.
  const calendarKey = `${zone}:${rules}`;
  const reload = useCallback(() => client.invalidateQueries({ queryKey: ['schedule/slot', 'location_slots', locationId] }), [client, locationId]);
  const [menu, setMenu] = useState<Slot | null>(null);
  const [opened, setOpened] = useState<Booking | null>(null);

  const events = useMemo(() => (slots ?? []).flatMap((s) => s.bookings
    .filter((b) => b.status !== 'cancelled')
    .map((b): CalEvent => ({ id: `b${b.id}`, title: [b.truck_plate, b.carrier_name].filter(Boolean).join(' · ') || `Booking ${b.id}`, start: new Date(s.starts_at), end: new Date(s.ends_at), booking: b, slot: s }))), [slots]);
  const background = useMemo(() => (slots ?? []).map((s): CalEvent => ({
    id: `s${s.id}`, title: s.status === 'blocked' ? `Blocked: ${s.block_reason ?? ''}` : `${s.booked} of ${s.capacity}${s.volume_capacity === null ? '' : ` · ${Number(s.booked_volume)} of ${Number(s.volume_capacity)} m³`}`, start: new Date(s.starts_at), end: new Date(s.ends_at), slot: s,
  })), [slots]);
  const slotAt = useCallback((start: Date) => (slots ?? []).find((s) => new Date(s.starts_at) <= start && start < new Date(s.ends_at)), [slots]);

  const onDrop = useCallback(async ({ event, start }: EventInteractionArgs<CalEvent>) => {
    const target = slotAt(new Date(start));
    if (!event.booking || !target || target.id === event.slot.id) return;
    try {
      await api.move(event.booking.id, target.id);
      notify(`Booking moved to ${DateTime.fromISO(target.starts_at).toFormat('ccc d LLL HH:mm')}`, { type: 'success' });
    } catch (e) {
      notifyError(e);
    }
    void reload();
  }, [api, notify, notifyError, reload, slotAt]);

  // Declared by the calendar, missing from its drag-and-drop wrapper's types.
  const backgroundStyle = { backgroundEventPropGetter: (e: CalEvent) => ({ style: e.slot.status === 'blocked' ? { background: `repeating-linear-gradient(45deg, ${theme.palette.action.selected}, ${theme.palette.action.selected} 6px, transparent 6px, transparent 12px)` } : {} }) } as object;

  if (error) return <Alert severity="error" sx={{ m: 2 }}>{(error as Error).message}</Alert>;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1 }} aria-label="Legend">
        <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>Times are {zone}.</Typography>
        {(['booked', 'checked_in', 'loading', 'loaded', 'no_show'] as const).map((s) => (
          <Chip key={s} size="small" label={s.replace('_', ' ')} sx={{ bgcolor: BOOKING_COLORS[s], color: '#fff' }} />
        ))}
      </Stack>
      <Box data-testid="location-calendar" sx={{ height: { xs: 640, md: 760 }, ...CALENDAR_SX }}>
        <DnDCalendar
          key={calendarKey}
          localizer={localizer}
          events={events}
          backgroundEvents={background}
          date={date}
          view={view}
          views={[Views.DAY, Views.WEEK]}
          onNavigate={(d) => setDate(d)}
          onView={(v) => setView(v)}
          step={30}
          timeslots={2}
          scrollToTime={DateTime.now().set({ hour: 6, minute: 0 }).toJSDate()}
          selectable={canBook || canBlock}
          onSelectSlot={({ start }) => { const s = slotAt(start); if (s) setMenu(s); }}
          onSelectEvent={(e) => (e.booking ? setOpened(e.booking) : setMenu(e.slot))}
          draggableAccessor={(e) => canMove && e.booking?.status === 'booked'}
          resizable={false}
          onEventDrop={(args) => void onDrop(args)}
          eventPropGetter={(e) => ({ style: { backgroundColor: e.booking ? BOOKING_COLORS[e.booking.status] : undefined, border: e.booking?.slot_blocked ? `2px solid ${theme.palette.error.main}` : undefined } })}
          {...backgroundStyle}
          formats={{ timeGutterFormat: 'HH:mm', eventTimeRangeFormat: () => '', dayFormat: 'ccc d', dayHeaderFormat: 'cccc d LLLL' }}
          popup
          components={{ header: DayHeader }}
          tooltipAccessor={(e) => (e.booking ? `${e.title} (${e.booking.status.replace('_', ' ')})` : e.title)}
        />
      </Box>
      {!slots?.length && <Typography color="text.secondary" sx={{ mt: 1 }}>No slots from {from} to {to}. Make them on the Slots tab, from a template or by hand.</Typography>}
      {menu && <SlotMenu slot={menu} zone={zone} canBook={canBook} canBlock={canBlock} onClose={() => setMenu(null)} onChanged={() => { setMenu(null); void reload(); }} onOpenBooking={(b) => { setMenu(null); setOpened(b); }} />}
      {opened && (
        <BookingDetails booking={opened} zone={zone} slots={canMove ? slots : []} onClose={() => setOpened(null)} onChanged={() => { setOpened(null); void reload(); }}
          onOpenSlot={() => { setOpened(null); setMenu((slots ?? []).find((s) => s.id === opened.slot) ?? null); }} />
      )}
    </Box>
  );
}
