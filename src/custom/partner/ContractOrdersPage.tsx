/**
 * `partner/orders/{contractId}/` (docs/partners.md, Order screens): a shared contract's terms and its
 * orders, each with its nomination. The partner makes an order (Make order), sends or cancels it,
 * and nominates on a sent one; the shipper closes an order and answers its nominations. On a phone
 * the terms and each order stack in one column.
 */
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Grid, Stack, Typography } from '@mui/material';
import { Confirm, Title, useDataProvider, useGetOne, useNotify } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageProps } from '../../routes/define-route';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { NotFound } from '../../layout/NotFound';
import { httpStatus } from '../../generic/submit-errors';
import { ReasonDialog } from '../../generic/ReasonDialog';
import { useBusyAction } from '../../hooks/useBusyAction';
import { useProfile } from '../../hooks/useProfile';
import { useCompanyTimeZone } from '../../hooks/useCompanyTimeZone';
import { formatInZone } from '../../lib/time-zone';
import { choiceWord } from '../../resources/fields';
import { partnerRailContract } from '../../resources/partner/rail-contract';
import { ORDER_STATUSES, partnerRailOrder } from '../../resources/partner/rail-order';
import { CONTRACT_STATUSES } from '../../resources/rail/contract-status';
import { MakeOrderDialog, type OrderStart } from './MakeOrderDialog';
import { NominationPanel } from './NominationPanel';
import { type Order, orderAction, sideOf } from './partner-api';

const ORDER_CHIP: Record<string, 'default' | 'primary' | 'success' | 'error'> = { draft: 'default', sent: 'primary', closed: 'success', cancelled: 'error' };

function Term({ label, value }: { label: string; value: unknown }) {
  return (
    <Grid size={{ xs: 6, sm: 4, md: 2 }}>
      <Typography variant="caption" color="text.secondary">{label}</Typography>
      <Typography variant="body2">{value === null || value === undefined || value === '' ? '—' : String(value)}</Typography>
    </Grid>
  );
}

function OrderCard({ order, companyId, onChanged }: { order: Order; companyId: number | undefined; onChanged(): void }) {
  const dp = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const zone = useCompanyTimeZone();
  const { busy, run } = useBusyAction();
  const [asking, setAsking] = useState<'cancel' | 'close' | null>(null);
  const side = sideOf(order, companyId);
  const act = (action: string, message: string, body: Record<string, unknown> = {}) => run(async () => {
    setAsking(null);
    await orderAction(dp, order.id, action, body);
    notify(message, { type: 'success' });
    onChanged();
  });
  const name = order.order_number ? `Order ${order.order_number}` : `Order ${order.id}`;
  return (
    <Card variant="outlined" data-testid={`order-${order.id}`}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1.5 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="h6" component="h3">{name}</Typography>
            <Chip size="small" label={choiceWord(ORDER_STATUSES, order.status)} color={ORDER_CHIP[order.status]} data-testid="order-status" />
            <Typography variant="body2" color="text.secondary">
              {order.number_of_cars} cars, {order.start_date} to {order.end_date}
              {side === 'owner' ? ` · ${order._labels?.partner_company ?? 'partner'}` : ''}
              {order.sent_at ? ` · sent ${formatInZone(order.sent_at, zone)}` : ''}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1}>
            {side === 'partner' && order.status === 'draft' && <Button size="small" variant="contained" disabled={busy} onClick={() => void act('send', 'Order sent to the shipper')}>Send order</Button>}
            {side === 'partner' && (order.status === 'draft' || order.status === 'sent') && <Button size="small" color="error" disabled={busy} onClick={() => setAsking('cancel')}>Cancel order</Button>}
            {side === 'owner' && order.status === 'sent' && <Button size="small" disabled={busy} onClick={() => setAsking('close')}>Close order</Button>}
          </Stack>
        </Stack>
        {order.notes && <Typography variant="body2" sx={{ mb: 1 }}>{order.notes}</Typography>}
        {order.cancel_reason && <Alert severity="warning" sx={{ mb: 1 }}>Cancelled: {order.cancel_reason}</Alert>}
        <NominationPanel order={order} companyId={companyId} />
      </CardContent>
      {asking === 'cancel' && (
        <ReasonDialog title={`Cancel ${name.toLowerCase()}?`} label="Why (the shipper reads it)" confirm="Cancel order" keep="Keep it" busy={busy}
          onClose={() => setAsking(null)} onConfirm={(reason) => void act('cancel', 'Order cancelled', { reason })} />
      )}
      <Confirm isOpen={asking === 'close'} title={`Close ${name.toLowerCase()}?`} content="Nothing more is nominated or approved on a closed order." confirm="Close order"
        onConfirm={() => void act('close', 'Order closed')} onClose={() => setAsking(null)} />
    </Card>
  );
}

export default function ContractOrdersPage({ params }: PageProps) {
  const id = Number(params.contractId);
  const dp = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { permissions: profile } = useProfile();
  const companyId = profile?.company?.id;
  const [ordering, setOrdering] = useState<OrderStart | null>(null);
  const { busy, run } = useBusyAction();
  const k = useGetOne(partnerRailContract.name, { id }, { retry: false });
  const orders = useQuery({
    queryKey: [partnerRailOrder.name, 'contract', id],
    queryFn: async () => (await dp.getList<Order>(partnerRailOrder.name, { filter: { contract: id }, sort: { field: 'created_at', order: 'DESC' }, pagination: { page: 1, perPage: 100 }})).data,
  });
  if (k.isPending) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box>;
  if (httpStatus(k.error) === 404) return <NotFound />;
  if (k.error || !k.data) return <Alert severity="error" sx={{ m: 2 }}>{k.error?.message ?? 'The contract could not be read.'}</Alert>;
  const c = k.data as Record<string, unknown> & { _labels?: Record<string, string | null> };
  const labels = c._labels ?? {};
  const side = sideOf(c as { company: number }, companyId);
  const startOrder = () => run(async () => {
    setOrdering((await dp.callAction(partnerRailContract.name, { id, action: 'make-order', method: 'GET' })) as OrderStart);
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [partnerRailOrder.name] });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={`Contract ${String(c.contract_number ?? c.id)}`} />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="h5" component="h2">Contract {String(c.contract_number ?? c.id)}</Typography>
              <Chip size="small" label={choiceWord(CONTRACT_STATUSES, c.status)} />
            </Stack>
            {side === 'partner' && c.status === 'active' && <Button variant="contained" disabled={busy} onClick={() => void startOrder()}>Make order</Button>}
          </Stack>
          <Grid container spacing={1.5}>
            <Term label={side === 'partner' ? 'Shipper' : 'Partner'} value={side === 'partner' ? labels.company : labels.party} />
            <Term label="Product" value={labels.product} />
            <Term label="Facility" value={labels.facility} />
            <Term label="Railroad" value={labels.carrier} />
            <Term label="Cars" value={c.number_of_cars} />
            <Term label="Period" value={`${String(c.start_date)} to ${String(c.end_date)}`} />
          </Grid>
        </CardContent>
      </Card>
      {orders.isPending && <CircularProgress size={24} />}
      {orders.data?.length === 0 && (
        <Typography color="text.secondary" data-testid="orders-empty">
          {side === 'partner' ? 'No orders on this contract yet. Make order asks the shipper for cars over a window of days.' : 'No orders from the partner on this contract yet.'}
        </Typography>
      )}
      <Stack spacing={2}>
        {orders.data?.map((o) => <OrderCard key={o.id} order={o} companyId={companyId} onChanged={refresh} />)}
      </Stack>
      {ordering && <MakeOrderDialog start={ordering} onClose={() => setOrdering(null)} onDone={() => { setOrdering(null); refresh(); }} />}
    </Box>
  );
}
