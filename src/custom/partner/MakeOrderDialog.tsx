/**
 * Make an order on a shared contract (docs/partners.md, Orders): the form starts with what
 * `make-order/` answers (the window left on the contract, the cars the partner's orders leave),
 * saves the order as a draft and, with Send, sends it at once. The server's messages show at their fields.
 */
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useDataProvider, useNotify } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { httpBody, httpStatus, splitSubmitErrors } from '../../generic/submit-errors';
import { useNotifyError } from '../../hooks/useNotifyError';
import { partnerRailOrder } from '../../resources/partner/rail-order';
import { orderAction } from './partner-api';

export interface OrderStart { contract: number; contract_number: string; open: boolean; start_date: string; end_date: string; number_of_cars: number; cars_ordered: number }

export function MakeOrderDialog({ start, onClose, onDone }: { start: OrderStart; onClose(): void; onDone(): void }) {
  const dp = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [v, setV] = useState({ order_number: '', number_of_cars: String(start.number_of_cars || 1), start_date: start.start_date, end_date: start.end_date, notes: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });
  const save = async (send: boolean) => {
    setBusy(true);
    setErrors({});
    try {
      const { data } = await dp.create(partnerRailOrder.name, { data: { contract: start.contract, ...v, number_of_cars: Number(v.number_of_cars), order_number: v.order_number || null, notes: v.notes || null } });
      if (send) await orderAction(dp, Number(data.id), 'send');
      notify(send ? 'Order sent to the shipper' : 'Order saved as a draft', { type: 'success' });
      onDone();
    } catch (e) {
      // A field's message shows at the field; the contract's and any other at the top.
      if (httpStatus(e) === 400) {
        const { fields, rest } = splitSubmitErrors(httpBody(e), [...Object.keys(v), 'contract']);
        setErrors({ ...fields, ...(Object.keys(rest).length ? { non_field_errors: Object.values(rest).join('\n') } : {}) });
      } else notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  const field = (k: keyof typeof v, label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} value={v[k]} onChange={set(k)} error={!!errors[k]} helperText={errors[k] ?? (extra.help as string | undefined)} fullWidth size="small"
      {...(extra.type ? { type: extra.type as string, slotProps: { inputLabel: { shrink: true } } } : {})} multiline={k === 'notes'} minRows={k === 'notes' ? 2 : undefined} />
  );
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Order on contract {start.contract_number}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {errors.contract && <Alert severity="error">{errors.contract}</Alert>}
          {errors.non_field_errors && <Alert severity="error">{errors.non_field_errors}</Alert>}
          {field('order_number', 'Your order number', { help: 'Your purchase order or reference.' })}
          {field('number_of_cars', 'Cars', { type: 'number', help: `${start.number_of_cars} left on the contract after your orders.` })}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('start_date', 'From', { type: 'date' })}
            {field('end_date', 'To', { type: 'date' })}
          </Stack>
          {field('notes', 'Notes for the shipper')}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>Close</Button>
        <Button onClick={() => void save(false)} disabled={busy}>Save draft</Button>
        <Button variant="contained" onClick={() => void save(true)} disabled={busy}>Send order</Button>
      </DialogActions>
    </Dialog>
  );
}
