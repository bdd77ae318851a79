/**
 * `rail/car/{railCarId?}/`: load a car (docs/rail.md §11.6). Without an id a new car of the
 * shipment `?shipment=` names (or chosen in the form); with one, that car, read-only when its
 * shipment takes no changes, with a link to it. The declaration's form, with the derived values
 * live beside the measurements: gross and net volume in US gal and litres, the weight in kg and
 * lb, recomputed on every keystroke by the server's own rule (src/lib/rail-car-values.ts); and
 * the fleet's cars offered as the mark is typed (FleetCarPanel.tsx).
 */
import { useRef } from 'react';
import { Alert, Box, CircularProgress, Link, Paper, Stack, Typography } from '@mui/material';
import { CreateBase, EditBase, Title, useEditContext, useGetOne } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { PageProps } from '../../../routes/define-route';
import { ResourceForm } from '../../../generic/ResourceForm';
import { useSubmit } from '../../../generic/useSubmit';
import { recordPathOf } from '../../../generic/home-paths';
import { NotFound } from '../../../layout/NotFound';
import { httpStatus } from '../../../generic/submit-errors';
import { formatDecimal } from '../../../lib/format';
import { loadedCarErrors, loadedCarValues, RAIL_CAR_PLACES as P, typedMeasures } from '../../../lib/rail-car-values';
import { loadedRailCar } from '../../../resources/rail/loaded-rail-car';
import { railShipment } from '../../../resources/rail/rail-shipment';
import { OPEN_SHIPMENT_STATUSES } from '../../../resources/rail/rail-shipment-status';
import { FleetCarPanel } from './FleetCarPanel';
import { GaugeLoadPanel } from './GaugeLoadPanel';
import { FillingCheck } from './FillingCheck';
import { CorrectionLine } from './CorrectionLine';
import { ROUTES } from '../../../routes/table';
import { buildPath } from '../../../routes/params';

/** The derived values of the car as typed, the server's rule on the client. */
export function DerivedPanel() {
  const v = useWatch() as Record<string, unknown>;
  const measures = typedMeasures(v);
  let body: React.ReactNode;
  try {
    const problem = Object.values(loadedCarErrors(measures)).flat()[0];
    if (problem) body = <Alert severity="warning">{problem}</Alert>;
    else {
      const d = loadedCarValues(measures);
      const rows = [
        ['Gross volume', `${formatDecimal(d.gross_volume, P.gross_volume)} US gal`, `${formatDecimal(d.gross_volume_litres, P.gross_volume_litres)} L`],
        ['Net volume', `${formatDecimal(d.net_volume, P.net_volume)} US gal`, `${formatDecimal(d.net_volume_litres, P.net_volume_litres)} L`],
        ['Weight', `${formatDecimal(d.weight, P.weight)} kg`, `${formatDecimal(d.weight_lb, P.weight_lb)} lb`],
      ];
      body = (
        <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', fontSize: { xs: '0.8rem', sm: '0.875rem' }, '& td': { py: 0.25, pr: 1 }, '& td:not(:first-of-type)': { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } }}>
          <tbody>{rows.map(([label, a, b]) => <tr key={label}><td>{label}</td><td data-testid={`derived-${label}`}>{a}</td><td>{b}</td></tr>)}</tbody>
        </Box>
      );
    }
  } catch {
    body = <Typography variant="body2" color="text.secondary">Type the measurements as numbers to see the volumes.</Typography>;
  }
  return (
    <Paper variant="outlined" sx={{ p: 1.5, my: 1 }} aria-label="Derived values">
      <Typography variant="subtitle2">Derived values</Typography>
      {body}
      <Typography variant="caption" color="text.secondary">Factor 3.78541 (the spec&apos;s; the exact US gallon is 3.785411784)</Typography>
    </Paper>
  );
}

/**
 * The fleet's cars offered at the top of the car's section; at the top of the measurements the
 * gauge reading, the derived values, the filling check and the temperature correction.
 */
const EXTRAS = {
  Car: <FleetCarPanel />,
  Measurements: <><GaugeLoadPanel /><DerivedPanel /><FillingCheck /><CorrectionLine /></>,
};

function NewCar({ shipment }: { shipment?: number }) {
  const navigate = useNavigate();
  // Save opens the shipment; Save and load next stays here with a blank car of the same shipment.
  const next = useRef(false);
  const { submit } = useSubmit(loadedRailCar, 'create', undefined, {
    onSaved: (saved) => navigate(next.current
      ? `${buildPath(ROUTES.railLoadCar.path)}?shipment=${String(saved.rail_shipment)}&loaded=${String(saved.id)}`
      : recordPathOf(railShipment.name, String(saved.rail_shipment))!),
  });
  return (
    <ResourceForm resource={loadedRailCar} mode="create" onSubmit={(values) => submit({ ...(shipment ? { rail_shipment: shipment } : {}), ...values })}
      sectionExtras={EXTRAS} saveAndNext={{ label: 'Save and load next', onChoose: (v) => { next.current = v; } }} />
  );
}

/** After Save and load next: which car went on, so the loader knows where he is. */
function LoadedLine({ id }: { id: number }) {
  const { data } = useGetOne(loadedRailCar.name, { id }, { retry: false });
  if (!data) return null;
  return <Alert severity="success" sx={{ mb: 1 }} data-testid="loaded-line">{String(data.mark_number)} is loaded. Type the next car.</Alert>;
}

function EditCar() {
  const { record } = useEditContext();
  const navigate = useNavigate();
  const { submit } = useSubmit(loadedRailCar, 'edit', record, { onSaved: (saved) => navigate(recordPathOf(railShipment.name, String(saved.rail_shipment))!) });
  return record ? <ResourceForm resource={loadedRailCar} mode="edit" onSubmit={submit} sectionExtras={EXTRAS} /> : null;
}

function ShipmentLine({ id }: { id: number }) {
  const { data } = useGetOne(railShipment.name, { id }, { retry: false });
  if (!data) return null;
  const open = OPEN_SHIPMENT_STATUSES.includes(data.status);
  return (
    <Alert severity={open ? 'info' : 'warning'} sx={{ mb: 1 }}>
      Shipment <Link component={RouterLink} to={recordPathOf(railShipment.name, String(id))!}>{railShipment.choiceLabel(data)}</Link>
      {open ? '' : ` is ${String(data.status).replace('_', ' ')}; its cars cannot change. Open it for correction to change them.`}
    </Alert>
  );
}

function ExistingCar({ id }: { id: number }) {
  const { data, isPending, error } = useGetOne(loadedRailCar.name, { id }, { retry: false });
  if (isPending) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box>;
  if (httpStatus(error) === 404) return <NotFound />;
  if (error || !data) return <Alert severity="error" sx={{ m: 2 }}>{error?.message ?? 'The car could not be read.'}</Alert>;
  const open = OPEN_SHIPMENT_STATUSES.includes(data.shipment_status);
  return (
    <>
      <Title title={`Car ${String(data.mark_number)}`} />
      <ShipmentLine id={data.rail_shipment as number} />
      {open
        ? <EditBase resource={loadedRailCar.name} id={id} mutationMode="pessimistic"><EditCar /></EditBase>
        : <Paper variant="outlined" sx={{ p: 2 }}><Typography>{String(data.mark_number)}: net {formatDecimal(data.net_volume, 2)} US gal, {formatDecimal(data.weight, 1)} kg.</Typography></Paper>}
    </>
  );
}

export default function LoadCarPage({ params }: PageProps) {
  const [search] = useSearchParams();
  const id = params.railCarId ? Number(params.railCarId) : undefined;
  const shipment = Number(search.get('shipment')) || undefined;
  const loaded = Number(search.get('loaded')) || undefined;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 760 }}>
      {id !== undefined
        ? <ExistingCar id={id} />
        : (
          <Stack>
            <Title title="Load car" />
            {shipment !== undefined && <ShipmentLine id={shipment} />}
            {loaded ? <LoadedLine id={loaded} /> : null}
            {/* A new form for each car loaded in turn. */}
            <CreateBase key={loaded ?? 'first'} resource={loadedRailCar.name} record={shipment ? { rail_shipment: shipment } : {}}><NewCar shipment={shipment} /></CreateBase>
          </Stack>
        )}
    </Box>
  );
}
