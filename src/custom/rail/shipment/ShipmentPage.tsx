/**
 * `rail/ship/{shipmentId?}/`: make and edit a rail shipment (docs/rail.md §11.9).
 * Without an id: a blank shipment (the declaration's form), or one started from a template
 * (ShipmentTemplates.tsx); a contract's day makes one from the contract page. With one: the header
 * (number, BOL number and revision, status and why, ship date, contract), the moves this user may
 * make now (ShipmentMoves.tsx), the declaration's form while the shipment may be edited, its cars
 * (ShipmentCars.tsx), its documents, and, with the history codename, a History tab (`?tab=history`).
 * On a phone the form's sections fold, the cars are cards and the moves sit in a bar at the bottom.
 */
import { useState } from 'react';
import {
  Alert, Box, Chip, CircularProgress, Link, Paper, Stack, Tab, Tabs, type Theme, ToggleButton, ToggleButtonGroup, Typography, useMediaQuery,
} from '@mui/material';
import { CreateBase, EditBase, Title, useEditContext, useGetOne } from 'react-admin';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { PageProps } from '../../../routes/define-route';
import { ResourceForm } from '../../../generic/ResourceForm';
import { RecordSections } from '../../../generic/RecordSections';
import { useSubmit } from '../../../generic/useSubmit';
import { recordPathOf } from '../../../generic/home-paths';
import { NotFound } from '../../../layout/NotFound';
import { httpStatus } from '../../../generic/submit-errors';
import { useProfile } from '../../../hooks/useProfile';
import { useCompanyTimeZone } from '../../../hooks/useCompanyTimeZone';
import { useZoneRules } from '../../../hooks/useZoneRules';
import { mayCallAction } from '../../../authProvider/permissions';
import { formatInZone } from '../../../lib/time-zone';
import { facility } from '../../../resources/logistics/facility';
import { RailHistory } from '../history/RailHistory';
import { ShipmentMoves } from './ShipmentMoves';
import { ShipmentDocuments } from './ShipmentDocuments';
import { ShipmentDescription } from './ShipmentDescription';
import { MakeMasterButton, MasterLink, SubBillings } from './ShipmentBillings';
import { ShipmentCars } from './ShipmentCars';
import { StartFromTemplate, useMayStartFromTemplate } from './ShipmentTemplates';
import { isEditable, stateLabel } from '../../../lib/lifecycle';
import { railShipment } from '../../../resources/rail/rail-shipment';
import { contract } from '../../../resources/rail/contract';
import type { ChoiceField } from '../../../resources/fields';

const STATUS = railShipment.fields.status as ChoiceField;
const shipPath = (id: unknown) => recordPathOf(railShipment.name, String(id))!;

const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

function BlankShipment() {
  const navigate = useNavigate();
  const phone = usePhone();
  const { submit } = useSubmit(railShipment, 'create', undefined, { onSaved: (saved) => navigate(shipPath(saved.id)) });
  return <ResourceForm resource={railShipment} mode="create" onSubmit={submit} folding={phone} />;
}

/** A new shipment: blank, or from one of the company's templates where the user may. */
function NewShipment() {
  const navigate = useNavigate();
  const mayTemplate = useMayStartFromTemplate();
  const [start, setStart] = useState<'blank' | 'template'>('blank');
  return (
    <>
      <Title title="New shipment" />
      {mayTemplate && (
        <ToggleButtonGroup exclusive size="small" color="primary" value={start} onChange={(_, v: typeof start | null) => v && setStart(v)} aria-label="Start from" sx={{ mb: 1 }}>
          <ToggleButton value="blank">Blank</ToggleButton>
          <ToggleButton value="template">From a template</ToggleButton>
        </ToggleButtonGroup>
      )}
      <Paper variant="outlined">
        {start === 'template' ? <StartFromTemplate onStarted={(id) => navigate(shipPath(id))} /> : <CreateBase resource={railShipment.name}><BlankShipment /></CreateBase>}
      </Paper>
    </>
  );
}

function EditShipment({ onSaved }: { onSaved(): void }) {
  const { record } = useEditContext();
  const phone = usePhone();
  const { submit } = useSubmit(railShipment, 'edit', record, { onSaved });
  return record ? <ResourceForm resource={railShipment} mode="edit" onSubmit={submit} folding={phone} /> : null;
}

function ContractLink({ id }: { id: number }) {
  const { data } = useGetOne(contract.name, { id }, { retry: false });
  return <Link component={RouterLink} to={recordPathOf(contract.name, String(id))!}>{data ? contract.choiceLabel(data) : String(id)}</Link>;
}

const TABS = [['shipment', 'Shipment'], ['history', 'History']] as const;

/** Why it is where it is: the cancel, void or correction reason the move stored. */
function Reason({ data }: { data: Record<string, unknown> }) {
  const said = data.status === 'cancelled' ? ['Cancelled', data.cancel_reason] : data.status === 'void' ? ['Void', data.void_reason]
    : data.status === 'in_correction' ? ['In correction', data.correction_reason] : null;
  return said?.[1] ? <Typography variant="body2">{String(said[0])}: {String(said[1])}</Typography> : null;
}

function Existing({ id }: { id: number }) {
  const { data, isPending, error, refetch } = useGetOne(railShipment.name, { id }, { retry: false });
  const { permissions: profile } = useProfile();
  const [search, setSearch] = useSearchParams();
  const { data: origin } = useGetOne(facility.name, { id: data?.origin }, { enabled: Boolean(data?.origin), retry: false });
  const phone = usePhone();
  const companyZone = useCompanyTimeZone();
  // Times are the origin's, by the server's zone rules (docs/architecture.md, Time zones).
  const zone = String(origin?.timezone || companyZone);
  useZoneRules([zone]);
  if (isPending) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box>;
  if (httpStatus(error) === 404) return <NotFound />;
  if (error || !data) return <Alert severity="error" sx={{ m: 2 }}>{error?.message ?? 'The shipment could not be read.'}</Alert>;
  const editable = isEditable(railShipment, data);
  const label = railShipment.choiceLabel(data);
  const mayHistory = mayCallAction(profile, railShipment, railShipment.actions.history);
  const mayPrint = mayCallAction(profile, railShipment, railShipment.actions.print);
  const tab = mayHistory && search.get('tab') === 'history' ? 'history' : 'shipment';
  return (
    <>
      <Title title={`Shipment ${label}`} />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 1 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
          <Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="h5" component="h2">{String(data.shipment_number ?? label)}</Typography>
              <Chip size="small" label={stateLabel(STATUS, data.status)} color={data.status === 'shipped' ? 'success' : data.status === 'cancelled' || data.status === 'void' ? 'error' : 'warning'} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {data.bol_number ? `BOL ${String(data.bol_number)}${Number(data.bol_revision) ? ` rev ${String(data.bol_revision)}` : ''} · ` : ''}
              Ship date {data.ship_date ?? 'not set'}
              {data.shipped_at ? ` · shipped ${formatInZone(data.shipped_at, zone)}` : ''}
              {data.contract ? <> · contract <ContractLink id={data.contract as number} /></> : null}
              {data.is_master_billing ? ' · master billing' : ` · ${String(data.car_count)} ${data.car_count === 1 ? 'car' : 'cars'}`}
            </Typography>
            <Reason data={data} />
            {data.master_billing ? <MasterLink id={data.master_billing as number} /> : null}
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <MakeMasterButton shipment={data} />
            <ShipmentMoves shipment={data} onMoved={() => void refetch()} />
          </Stack>
        </Stack>
      </Paper>
      {mayHistory && (
        <Tabs value={tab} onChange={(_, v: string) => setSearch(v === 'shipment' ? {} : { tab: v }, { replace: true })} sx={{ mb: 1 }}>
          {TABS.map(([name, text]) => <Tab key={name} value={name} label={text} />)}
        </Tabs>
      )}
      {tab === 'history' ? <RailHistory resource={railShipment.name} id={id} version={data.version} zone={zone} /> : (
        <Stack direction={{ xs: 'column', lg: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, width: '100%' }}>
            <ShipmentDescription shipment={data} />
            {editable
              ? <Paper variant="outlined"><EditBase resource={railShipment.name} id={id} mutationMode="pessimistic"><EditShipment onSaved={() => void refetch()} /></EditBase></Paper>
              : (
                <>
                  <Alert severity="info" sx={{ mb: 1 }}>A {stateLabel(STATUS, data.status).toLowerCase()} shipment is not edited.{data.status === 'shipped' ? ' Open it for correction to change it.' : ''}</Alert>
                  <RecordSections resource={railShipment} record={data} folding={phone} />
                </>
              )}
          </Box>
          <Box sx={{ flex: 1, width: '100%' }}>
            {data.is_master_billing ? <SubBillings master={data} /> : <ShipmentCars shipment={data} onChanged={() => void refetch()} />}
            {mayPrint && <ShipmentDocuments shipment={data} zone={zone} />}
          </Box>
        </Stack>
      )}
    </>
  );
}

export default function ShipmentPage({ params }: PageProps) {
  const id = params.shipmentId ? Number(params.shipmentId) : undefined;
  // On a phone the moves' bar covers the foot of the screen: the page ends above it.
  return (
    <Box sx={{ p: { xs: 0.5, sm: 1 }, pb: { xs: id !== undefined ? 9 : 0.5, sm: 1 } }}>
      {id !== undefined ? <Existing id={id} /> : <NewShipment />}
    </Box>
  );
}
