/**
 * The moves a shipment's page offers (docs/rail.md §3.2, §8.1, §8.2, §11.9): only those its state
 * allows and this user's codenames open (the lifecycle's `allowedMoves`, the rule the server
 * enforces). Ship asks for the certification's signer and shows what is still missing; Void and
 * Cancel ask their reason; Open for correction its optional reason. On a phone they sit in a bar
 * fixed at the bottom of the screen: the first move a button, the others in its menu.
 */
import { useState } from 'react';
import { Button, ButtonGroup, Menu, MenuItem, Paper, Stack, type Theme, useMediaQuery } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { useDataProvider, useGetIdentity, useGetOne, useNotify } from 'react-admin';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { ReasonDialog } from '../../../generic/ReasonDialog';
import { useNotifyError } from '../../../hooks/useNotifyError';
import { useProfile } from '../../../hooks/useProfile';
import { isHazardous } from '../../../lib/hazmat';
import { allowedMoves } from '../../../lib/lifecycle';
import { product } from '../../../resources/logistics/product';
import { railShipment } from '../../../resources/rail/rail-shipment';
import { ShipDialog } from './ShipDialog';

type Asking = null | 'ship' | 'cancelled' | 'void' | 'in_correction';

interface Move { to: Exclude<Asking, null>; label: string; danger?: boolean }

/** The moves in the order offered: the one forward first, then the ways back and out. */
const ORDER: readonly Exclude<Asking, null>[] = ['ship', 'in_correction', 'void', 'cancelled'];

/** On a phone: a bar fixed at the bottom of the screen, the first move a button and the others in its menu. */
function MovesBar({ moves, onAsk }: { moves: Move[]; onAsk(to: Move['to']): void }) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [first, ...others] = moves;
  return (
    <Paper elevation={8} square role="toolbar" aria-label="Shipment moves"
      sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: (t) => t.zIndex.appBar, p: 1, pb: 'calc(8px + env(safe-area-inset-bottom))', display: 'flex' }}>
      <ButtonGroup variant="contained" color={first.danger ? 'error' : 'primary'} fullWidth>
        <Button onClick={() => onAsk(first.to)}>{first.label}</Button>
        {others.length > 0 && (
          <Button aria-label="More moves" aria-haspopup="menu" onClick={(e) => setMenu(e.currentTarget)} sx={{ flex: '0 0 56px' }}><ArrowDropDownIcon /></Button>
        )}
      </ButtonGroup>
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)} anchorOrigin={{ vertical: 'top', horizontal: 'right' }} transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}>
        {others.map((m) => <MenuItem key={m.to} onClick={() => { setMenu(null); onAsk(m.to); }} sx={m.danger ? { color: 'error.main' } : undefined}>{m.label}</MenuItem>)}
      </Menu>
    </Paper>
  );
}

const REASON_MOVES = {
  cancelled: { action: 'cancel_shipment', title: 'Cancel the shipment', label: 'Why is it cancelled?', confirm: 'Cancel shipment', done: 'Shipment cancelled.', optional: false },
  void: { action: 'void_shipment', title: 'Void the bill of lading', label: 'Why is it void?', confirm: 'Void', done: 'Bill of lading void.', optional: false },
  in_correction: {
    action: 'open_for_correction', title: 'Open for correction', label: 'What is corrected? (optional)', confirm: 'Open for correction',
    done: 'Open for correction: the cars are off the schedule until it ships again.', optional: true,
  },
} as const;

export function ShipmentMoves({ shipment, onMoved }: { shipment: Record<string, unknown>; onMoved(): void }) {
  const { permissions: profile } = useProfile();
  const { data: me } = useGetIdentity();
  const dp = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [asking, setAsking] = useState<Asking>(null);
  const [busy, setBusy] = useState(false);
  const { data: goods } = useGetOne(product.name, { id: shipment.product }, { enabled: Boolean(shipment.product), retry: false });
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const allowed = new Set((allowedMoves(profile, railShipment, shipment).status ?? []).map((m) => m.value));
  const labels: Record<Move['to'], string> = {
    ship: shipment.status === 'in_correction' ? 'Ship correction' : 'Ship', in_correction: 'Open for correction', void: 'Void', cancelled: 'Cancel shipment',
  };
  const moves: Move[] = ORDER.filter((to) => allowed.has(to === 'ship' ? 'shipped' : to)).map((to) => ({ to, label: labels[to], danger: to === 'void' || to === 'cancelled' }));
  const move = async (to: keyof typeof REASON_MOVES, reason: string) => {
    const m = REASON_MOVES[to];
    setBusy(true);
    try {
      await dp.callAction(railShipment.name, { id: shipment.id as number, action: m.action, body: reason ? { reason } : {} });
      notify(m.done, { type: 'info' });
      setAsking(null);
      onMoved();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  const reasonMove = asking && asking !== 'ship' ? REASON_MOVES[asking] : null;
  return (
    <>
      {phone ? moves.length > 0 && <MovesBar moves={moves} onAsk={setAsking} /> : (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {moves.map((m) => (
            <Button key={m.to} variant={m.to === 'ship' ? 'contained' : 'outlined'} color={m.danger ? 'error' : 'primary'} onClick={() => setAsking(m.to)}>{m.label}</Button>
          ))}
        </Stack>
      )}
      {asking === 'ship' && (
        <ShipDialog shipment={shipment} hazardous={Boolean(goods && isHazardous(goods))} signer={String(me?.fullName ?? '')}
          onClose={() => setAsking(null)}
          onShipped={(x) => { notify(`Shipped: BOL ${String(x.bol_number)}${Number(x.bol_revision) ? ` revision ${String(x.bol_revision)}` : ''}.`, { type: 'info' }); setAsking(null); onMoved(); }} />
      )}
      {reasonMove && (
        <ReasonDialog title={reasonMove.title} label={reasonMove.label} confirm={reasonMove.confirm} optional={reasonMove.optional}
          color={reasonMove.optional ? 'primary' : 'error'} busy={busy} onClose={() => setAsking(null)} onConfirm={(r) => void move(asking as keyof typeof REASON_MOVES, r)} />
      )}
    </>
  );
}
