/**
 * Book a slot, or change a booking made with the link: its details, or move it to another free slot
 * of the days shown. The server's 400 messages show at their fields; a 409 (the slot filled or was
 * blocked meanwhile) shows here and reloads the slots, so the carrier picks another one in the same
 * form without typing the truck again.
 */
import { type FormEvent, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, InputAdornment, MenuItem, TextField, type Theme, useMediaQuery } from '@mui/material';
import { httpBody, httpStatus, splitSubmitErrors } from '../../generic/submit-errors';
import { plural } from '../../lib/format';
import { plainMessage } from '../../notify/error-toasts';
import { type BookingInput, type LinkBooking, type LinkPage, type LinkSlot, bookSlot, changeBooking } from './booking-link-api';
import { dayShort, slotHours, whenAt } from './booking-times';

/** The slot picked on the page (a new booking), or a booking of the link to change. */
export type BookingTarget = { slot: LinkSlot; booking?: undefined } | { booking: LinkBooking; slot?: undefined };

const DETAILS = ['carrier_name', 'truck_plate', 'trailer_plate', 'driver_name', 'driver_phone', 'product', 'quantity', 'reference', 'contact_email', 'notes'] as const;
type Detail = (typeof DETAILS)[number];
type Values = Record<Detail | 'slot', string>;
const FIELDS = ['slot', ...DETAILS];

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function startValues(page: LinkPage, t: BookingTarget): Values {
  const b = t.booking;
  return {
    slot: String(b ? b.slot : t.slot!.id), carrier_name: text(b ? b.carrier_name : page.carrier_name), truck_plate: text(b?.truck_plate), trailer_plate: text(b?.trailer_plate),
    driver_name: text(b?.driver_name), driver_phone: text(b?.driver_phone), product: text(b?.product), quantity: text(b?.quantity), reference: text(b?.reference),
    contact_email: text(b?.contact_email), notes: text(b?.notes),
  };
}

/** The free slots shown on the page, and the slot the booking holds (or the one picked) even when it is full or on another week. */
function slotChoices(page: LinkPage, t: BookingTarget): { id: number; label: string }[] {
  const zone = page.location.time_zone;
  const held = t.booking?.slot;
  const current = held ?? t.slot!.id;
  const choices = page.slots.filter((s) => s.free > 0 || s.id === current).map((s) => ({
    id: s.id,
    label: `${dayShort(s.day)}, ${slotHours(s, zone)}${s.id === held ? ' (booked now)' : s.free > 0 ? `, ${s.free} ${plural(s.free, 'load')} free` : ', full'}`,
  }));
  if (t.booking && !choices.some((c) => c.id === held)) choices.unshift({ id: t.booking.slot, label: `${whenAt(t.booking.starts_at, zone)} (booked now)` });
  return choices;
}

interface Props { token: string; page: LinkPage; target: BookingTarget; onClose(): void; onDone(booking: LinkBooking): void; onStale(): void }

export function BookingDialog({ token, page, target, onClose, onDone, onStale }: Props) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [v, setV] = useState<Values>(() => startValues(page, target));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const b = target.booking;
  const zone = page.location.time_zone;
  const chosen = page.slots.find((s) => String(s.id) === v.slot);
  // A slot that names its products takes only those; an empty list takes all of the location's.
  // The product already chosen stays listed when the slot changes, so the server's message says why it no longer fits.
  const products = page.location.products.filter((p) => !chosen?.products.length || chosen.products.includes(p.id) || String(p.id) === v.product);
  const shows = (k: Detail) => (k === 'carrier_name' ? !page.fixed_carrier : k === 'product' ? page.location.products.length > 0 : true);
  const valueOf = (k: Detail) => (v[k].trim() === '' ? null : k === 'product' ? Number(v[k]) : v[k].trim());

  const body = (): BookingInput => {
    const details = DETAILS.filter(shows).map((k) => [k, valueOf(k)] as const);
    // A new booking sends what was written; a change also sends what was cleared.
    if (!b) return { slot: Number(v.slot), ...Object.fromEntries(details.filter(([, x]) => x !== null)) };
    return { ...(Number(v.slot) !== b.slot ? { slot: Number(v.slot) } : {}), ...Object.fromEntries(details) };
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setProblem(null);
    try {
      onDone(b ? await changeBooking(token, b.id, body()) : await bookSlot(token, body()));
    } catch (err) {
      const status = httpStatus(err);
      if (status === 400) {
        const { fields, rest } = splitSubmitErrors(httpBody(err), FIELDS);
        setErrors(fields);
        if (Object.keys(rest).length) setProblem(Object.values(rest).join('\n'));
      } else {
        setProblem(plainMessage(err, 'The booking could not be saved. Try again.'));
        if (status === 409 || status === 404) onStale();
      }
    } finally {
      setBusy(false);
    }
  };

  const field = (k: Detail, label: string, o: { help?: string; type?: string; autoComplete?: string; inputMode?: 'email' | 'tel' | 'decimal'; wide?: boolean; plate?: boolean; unit?: string } = {}) => (
    <TextField name={k} label={label} value={v[k]} onChange={(e) => setV({ ...v, [k]: e.target.value })} fullWidth size="small"
      error={!!errors[k]} helperText={errors[k] ?? o.help} type={o.type} autoComplete={o.autoComplete ?? 'off'}
      multiline={k === 'notes'} minRows={k === 'notes' ? 2 : undefined} sx={o.wide ? { gridColumn: '1 / -1' } : undefined}
      slotProps={{
        htmlInput: { inputMode: o.inputMode, ...(o.plate ? { autoCapitalize: 'characters', style: { textTransform: 'uppercase' } } : {}) },
        input: o.unit ? { endAdornment: <InputAdornment position="end">{o.unit}</InputAdornment> } : undefined,
      }} />
  );

  const title = b ? 'Change your booking' : `Book ${chosen ? `${dayShort(chosen.day)}, ${slotHours(chosen, zone)}` : 'a loading time'}`;
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={phone} data-testid="booking-dialog">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers>
        <Box component="form" id="booking-form" noValidate onSubmit={(e) => void submit(e)}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 0.5 }}>
          {problem && <Alert severity="error" sx={{ gridColumn: '1 / -1' }} data-testid="booking-problem">{problem}</Alert>}
          <TextField select name="slot" label="Slot" value={v.slot} onChange={(e) => setV({ ...v, slot: e.target.value })} fullWidth size="small" sx={{ gridColumn: '1 / -1' }}
            error={!!errors.slot} helperText={errors.slot ?? `Times are ${zone}. ${b ? 'To move it to another week, show that week on the page first.' : 'Another free slot of the days shown, if this one no longer suits.'}`}>
            {slotChoices(page, target).map((c) => <MenuItem key={c.id} value={String(c.id)}>{c.label}</MenuItem>)}
          </TextField>
          {shows('carrier_name') && field('carrier_name', 'Carrier', { wide: true, autoComplete: 'organization' })}
          {field('truck_plate', 'Truck plate', { plate: true })}
          {field('trailer_plate', 'Trailer plate', { plate: true })}
          {field('driver_name', 'Driver name', { autoComplete: 'name' })}
          {field('driver_phone', 'Driver phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
          {shows('product') && (
            <TextField select name="product" label="Product" value={v.product} onChange={(e) => setV({ ...v, product: e.target.value })} fullWidth size="small"
              error={!!errors.product} helperText={errors.product}>
              <MenuItem value=""><em>Not said</em></MenuItem>
              {products.map((p) => <MenuItem key={p.id} value={String(p.id)}>{p.name}</MenuItem>)}
            </TextField>
          )}
          {field('quantity', 'Quantity', { inputMode: 'decimal', unit: 'm³', help: 'What the truck will load.' })}
          {field('reference', 'Your reference', { help: 'Your order, PO or BOL number.' })}
          {field('contact_email', 'Contact email', { type: 'email', inputMode: 'email', autoComplete: 'email', help: 'Mailed the confirmation and any change.' })}
          {field('notes', 'Notes for the terminal', { wide: true })}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>Close</Button>
        <Button type="submit" form="booking-form" variant="contained" disabled={busy}>{b ? 'Save changes' : 'Book'}</Button>
      </DialogActions>
    </Dialog>
  );
}
