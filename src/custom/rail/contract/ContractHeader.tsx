/**
 * The contract page's header (docs/rail.md §11.3): number, type and status chips, counterparty,
 * product with its identifiers, facility and role, railroad, period, price, the cars shipped
 * against the contract's cars, and the contracts connected to it (supplied by / supplies).
 */
import type { ReactNode } from 'react';
import { Box, Chip, LinearProgress, Link as MuiLink, Paper, Stack, Typography } from '@mui/material';
import { type RaRecord, useGetList, useGetOne } from 'react-admin';
import { Link } from 'react-router-dom';
import { RefLabel } from '../../../generic/RefLabel';
import { StatusChip } from '../../../generic/StatusChip';
import { chipStatus } from '../../../generic/chip-color';
import { sentLabel } from '../../../lib/ref-labels';
import { formatDecimal } from '../../../lib/format';
import { stateLabel } from '../../../lib/lifecycle';
import { type ChoiceField } from '../../../resources/fields';
import { contract } from '../../../resources/rail/contract';
import { product } from '../../../resources/logistics/product';
import { contractPath } from './contract-api';

const choiceText = (name: string, v: unknown) => stateLabel(contract.fields[name] as ChoiceField, v);

function Item({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">{label}</Typography>
      <Typography variant="body2" component="div" data-testid={testId}>{children}</Typography>
    </Box>
  );
}

/** The product's name and rail identifiers (docs/terminal.md, Product identifiers). */
function ProductLine({ id }: { id: unknown }) {
  const { data } = useGetOne(product.name, { id: String(id) }, { enabled: id !== null && id !== undefined, retry: false });
  if (!data) return <RefLabel reference={product.name} id={id} />;
  const ids = [['STCC', data.stcc], ['UN/NA', data.unCode], ['Class', data.class], ['PG', data.packingGroup]].filter(([, v]) => v);
  return (
    <>
      {String(data.name)}{data.code ? ` (${String(data.code)})` : ''}
      {ids.length > 0 && <Typography variant="caption" color="text.secondary" component="div">{ids.map(([k, v]) => `${String(k)} ${String(v)}`).join(' · ')}</Typography>}
    </>
  );
}

/** Cars shipped against the contract's cars (docs/rail.md §11.1's bar, without the schedule's tick until schedules exist). */
export function CarsBar({ c }: { c: RaRecord }) {
  const cars = Number(c.number_of_cars ?? 0);
  const shipped = Number(c.cars_shipped ?? 0);
  return (
    <Box sx={{ minWidth: 180 }} data-testid="contract-cars">
      <LinearProgress variant="determinate" value={cars ? Math.min(100, (shipped / cars) * 100) : 0} sx={{ height: 8, borderRadius: 1, my: 0.5 }} />
      <Typography variant="body2">{shipped.toLocaleString('en-US')} of {cars.toLocaleString('en-US')} shipped · {Number(c.cars_remaining ?? cars - shipped).toLocaleString('en-US')} remaining</Typography>
    </Box>
  );
}

function ContractLink({ id, label }: { id: unknown; label?: string | null }) {
  return <MuiLink component={Link} to={contractPath(id)}><RefLabel reference={contract.name} id={id} label={label} /></MuiLink>;
}

/** The sales a purchase supplies, or the purchase a sale is supplied by. */
function Connections({ c }: { c: RaRecord }) {
  const { data: supplied = [] } = useGetList(contract.name, { filter: { supply_contract: c.id }, pagination: { page: 1, perPage: 50 }, sort: { field: 'contract_number', order: 'ASC' } },
    { enabled: c.contract_type === 'purchase' });
  if (c.contract_type === 'sale') return <Item label="Supplied by" testId="contract-supplied-by">{c.supply_contract ? <ContractLink id={c.supply_contract} label={sentLabel(c, 'supply_contract')} /> : '—'}</Item>;
  const committed = supplied.reduce((n, s) => n + Number(s.number_of_cars ?? 0), 0);
  return (
    <Item label="Supplies" testId="contract-supplies">
      {supplied.length ? (
        <>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>{supplied.map((s) => <ContractLink key={s.id} id={s.id} label={contract.choiceLabel(s)} />)}</Stack>
          <Typography variant="caption" color={committed > Number(c.number_of_cars) ? 'warning.main' : 'text.secondary'}>{committed} cars committed</Typography>
        </>
      ) : '—'}
    </Item>
  );
}

export function ContractHeader({ c, actions }: { c: RaRecord; actions: ReactNode }) {
  const price = c.price === null || c.price === undefined ? '—' : `${formatDecimal(c.price, 4)} ${String(c.currency ?? '')} ${choiceText('price_unit', c.price_unit)}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="h5" component="h2" data-testid="contract-number">{contract.choiceLabel(c)}</Typography>
            <Chip size="small" variant="outlined" label={choiceText('contract_type', c.contract_type)} data-testid="contract-type" />
            <StatusChip value={c.status} label={choiceText('status', c.status)} status={chipStatus((contract.fields.status as ChoiceField).chip, c.status)} />
          </Stack>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', lg: 'repeat(4, minmax(0, 1fr))' }, gap: 1.5, mt: 2 }}>
            <Item label={c.contract_type === 'sale' ? 'Counterparty (buyer)' : 'Counterparty (seller)'} testId="contract-party"><RefLabel reference="party" id={c.party} label={sentLabel(c, 'party')} /></Item>
            <Item label="Product"><ProductLine id={c.product} /></Item>
            <Item label="Facility"><RefLabel reference="facility" id={c.facility} label={sentLabel(c, 'facility')} />{c.facility_role ? ` · ${c.facility_role === 'origin' ? 'cars load here' : 'cars unload here'}` : ''}</Item>
            <Item label="Railroad"><RefLabel reference="party" id={c.carrier} label={sentLabel(c, 'carrier')} /></Item>
            <Item label="Period" testId="contract-period">{String(c.start_date)} to {String(c.end_date)}</Item>
            <Item label="Price">{price}</Item>
            <Item label="Volume per car">{c.volume_per_car ? `${formatDecimal(c.volume_per_car, 2)} US gal` : '—'}</Item>
            <Connections c={c} />
          </Box>
          {c.status === 'cancelled' && <Typography variant="body2" color="error" sx={{ mt: 1.5 }}>Cancelled: {String(c.cancel_reason ?? '')}</Typography>}
        </Box>
        <Stack spacing={1.5} sx={{ width: { md: 320 }, flexShrink: 0 }}>
          <CarsBar c={c} />
          {actions}
        </Stack>
      </Stack>
    </Paper>
  );
}
