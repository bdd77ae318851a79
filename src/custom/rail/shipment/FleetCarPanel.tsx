/**
 * The fleet's cars offered while a car is loaded (docs/rail.md §11.6): as the reporting mark (and
 * number) is typed, the company's fleet cars that match (`car/?search=`) are offered; choosing one
 * fills the mark, the number, the car type and the shell capacity in US gallons (the fleet keeps
 * litres). For the car typed, its last loads (`loaded_rail_cars/`) and, over its load limit, a
 * warning. For users who may read the fleet; the form works the same without it.
 */
import { Alert, Box, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { recordPathOf } from '../../../generic/home-paths';
import { useProfile } from '../../../hooks/useProfile';
import { canView } from '../../../authProvider/permissions';
import { formatDecimal } from '../../../lib/format';
import { GALLONS_TO_LITRES, litresToGallons, loadedCarValues, typedMeasures } from '../../../lib/rail-car-values';
import { stateLabel } from '../../../lib/lifecycle';
import type { ChoiceField } from '../../../resources/fields';
import { car } from '../../../resources/fleet/car';
import { loadedRailCar } from '../../../resources/rail/loaded-rail-car';
import { railShipment } from '../../../resources/rail/rail-shipment';

type FleetCar = { id: number; mark: string; number: number; mark_number: string; car_type: string; shell_capacity: string | null; load_limit: string | null };
type Load = { id: number; rail_shipment: number; shipment_number?: string; load_date?: string | null; net_volume?: string | null; status?: string };

const typeLabel = (v: string) => stateLabel(car.fields.car_type as ChoiceField, v);

/** The fleet cars matching what is typed: a mark of two letters or more, and the number once it is there. */
function useFleetMatches(mark: string, number: string, enabled: boolean) {
  const dp = useDataProvider<AppDataProvider>();
  const search = mark.length >= 2 ? `${mark}${number ? ` ${number}` : ''}` : '';
  return useQuery({
    queryKey: [car.name, 'fleet-lookup', search],
    enabled: enabled && Boolean(search),
    staleTime: 30_000,
    queryFn: async () => (await dp.getList(car.name, {
      pagination: { page: 1, perPage: 6 }, sort: { field: 'mark_number', order: 'ASC' }, filter: { q: search },
    })).data as unknown as FleetCar[],
  });
}

function LastLoads({ mark, number }: { mark: string; number: number }) {
  const dp = useDataProvider<AppDataProvider>();
  const { data = [] } = useQuery({
    queryKey: [loadedRailCar.name, 'loaded_rail_cars', mark, number],
    staleTime: 30_000,
    queryFn: async () => (await dp.callAction(loadedRailCar.name, { action: 'loaded_rail_cars', method: 'GET', query: { mark, number } })) as Load[],
  });
  if (!data.length) return <Typography variant="body2" color="text.secondary">No load of this car yet.</Typography>;
  return (
    <Typography variant="body2" component="div" data-testid="last-loads">
      Last loads:{' '}
      {data.slice(0, 3).map((l, i) => (
        <span key={l.id}>
          {i ? ' · ' : ''}
          <Link component={RouterLink} to={recordPathOf(railShipment.name, String(l.rail_shipment))!}>{l.shipment_number ?? `#${l.rail_shipment}`}</Link>
          {l.load_date ? ` ${l.load_date}` : ''}{l.net_volume ? `, ${formatDecimal(l.net_volume, 0)} US gal` : ''}
        </span>
      ))}
    </Typography>
  );
}

export function FleetCarPanel() {
  const { permissions } = useProfile();
  const { setValue } = useFormContext();
  const v = useWatch() as Record<string, unknown>;
  const mark = String(v.car_mark ?? '').trim().toUpperCase();
  const number = String(v.car_number ?? '').trim();
  const mayRead = canView(permissions, car);
  const { data: matches = [] } = useFleetMatches(mark, number, mayRead);
  if (!mayRead || mark.length < 2) return null;
  const chosen = matches.find((c) => c.mark === mark && String(c.number) === String(Number(number)));
  const choose = (c: FleetCar) => {
    const opts = { shouldDirty: true, shouldValidate: true };
    setValue('car_mark', c.mark, opts);
    setValue('car_number', c.number, opts);
    setValue('car_type', c.car_type, opts);
    if (c.shell_capacity) setValue('shell_capacity', litresToGallons(String(c.shell_capacity), String(v.gal_to_liter_conversion_factor || GALLONS_TO_LITRES)), opts);
  };
  let over: string | null = null;
  if (chosen?.load_limit) {
    try {
      const weight = loadedCarValues(typedMeasures(v)).weight;
      if (Number(weight) > Number(chosen.load_limit)) over = `${formatDecimal(weight, 1)} kg is over this car's load limit of ${formatDecimal(chosen.load_limit, 1)} kg.`;
    } catch { /* measurements not numbers yet: the derived panel says so */ }
  }
  return (
    <Paper variant="outlined" sx={{ p: 1.5, my: 1 }} aria-label="Fleet car">
      {chosen ? (
        <Stack spacing={0.5}>
          <Typography variant="subtitle2">
            Fleet car <Link component={RouterLink} to={recordPathOf(car.name, String(chosen.id))!}>{chosen.mark_number}</Link>
            {`: ${typeLabel(chosen.car_type)}`}{chosen.shell_capacity ? `, shell ${formatDecimal(chosen.shell_capacity, 0)} L` : ''}
            {chosen.load_limit ? `, load limit ${formatDecimal(chosen.load_limit, 0)} kg` : ''}
          </Typography>
          <LastLoads mark={chosen.mark} number={chosen.number} />
          {over && <Alert severity="warning" data-testid="load-limit">{over}</Alert>}
        </Stack>
      ) : matches.length ? (
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>The fleet&apos;s cars: choose one to fill its type and shell capacity</Typography>
          <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
            {matches.map((c) => (
              <Chip key={c.id} clickable variant="outlined" onClick={() => choose(c)} label={`${c.mark_number} · ${typeLabel(c.car_type)}`} />
            ))}
          </Stack>
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">Not a car of the fleet: type its car type and shell capacity.</Typography>
      )}
    </Paper>
  );
}
