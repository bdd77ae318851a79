/**
 * `POST rail_car_gauge_table/get_max_permitted_filling/` (docs/loading.md, Maximum permitted
 * filling): the rules' answer (src/lib/max-filling.ts) for a liquid and a tank, as a percentage of
 * the shell's capacity and, with a capacity (typed, or the fleet car's), as a volume in the asked
 * unit; with a car that has a gauge table, the reading to fill to. The product (when named)
 * chooses the rules: its class and subsidiary classes, packing group and inhalation hazard; its
 * commodity group gives the density at 50 °C by API MPMS 11.1 when it is not typed.
 */
import { product as productResource } from '../../../src/resources/logistics/product';
import { fillingInput, FillingRefusal } from '../../../src/lib/car-filling';
import type { CommodityGroup } from '../../../src/lib/mpms-11-1';
import { type Closure, type Hazard, type Insulation, maxPermittedFilling, roundDown } from '../../../src/lib/max-filling';
import { type GaugeTableShape, GaugeRangeError, readingFor, VOLUME_PLACES, type VolumeUnit } from '../../../src/lib/gauge-table';
import { GALLONS_TO_LITRES } from '../../../src/lib/rail-car-values';
import type { ActionHandler } from '../../engine/action-handler';
import { badRequest, fieldError } from '../../engine/errors';
import { get } from '../../engine/operations';
import { carGauge } from './car-gauge';

const L_PER_GAL = Number(GALLONS_TO_LITRES);
const convert = (v: number, from: VolumeUnit, to: VolumeUnit) => (from === to ? v : from === 'gal' ? v * L_PER_GAL : v / L_PER_GAL);
/** Down to the unit's places: a permitted volume is never rounded up. */
const down = (v: number, unit: VolumeUnit) => roundDown(v, VOLUME_PLACES[unit]);
const given = (v: unknown) => v !== undefined && v !== null;

export const getMaxPermittedFilling: ActionHandler = async ({ db, ctx, input }) => {
  const p = input.product ? await get(db, ctx, productResource, String(input.product)) : null;
  let filling: ReturnType<typeof fillingInput>;
  try {
    filling = fillingInput(p, {
      d15: Number(input.relative_density), d50: given(input.relative_density_50) ? Number(input.relative_density_50) : null,
      commodity_group: (input.commodity_group ?? null) as CommodityGroup | null,
      target_temp: Number(input.target_temp), temperature_min: Number(input.temperature_min), temperature_max: Number(input.temperature_max),
      safety_margin: Number(input.safety_margin ?? 0), hazard: (input.hazard ?? null) as Hazard | null,
      poison_inhalation: given(input.poison_inhalation) ? !!input.poison_inhalation : null,
      insulation: (input.insulation ?? null) as Insulation | null, closure: (input.closure ?? null) as Closure | null,
    });
  } catch (e) {
    if (e instanceof FillingRefusal) throw badRequest(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, [v]])));
    throw e;
  }
  const { input: rules, group } = filling;
  const result = maxPermittedFilling(rules);

  const unit = input.unit as VolumeUnit;
  const hasCar = input.car_mark && input.car_number !== undefined && input.car_number !== null;
  if (!!input.car_mark !== (input.car_number !== undefined && input.car_number !== null)) throw fieldError(input.car_mark ? 'car_number' : 'car_mark', 'Name the car by its reporting mark and its number.');
  const found = hasCar ? await carGauge(db, ctx, String(input.car_mark), Number(input.car_number)) : null;
  const shell = input.shell_capacity !== undefined && input.shell_capacity !== null ? Number(input.shell_capacity)
    : found?.shellLitres ? convert(Number(found.shellLitres), 'L', unit) : null;
  const permitted = shell === null ? null : shell * Number(result.percent) / 100;
  let gauge: Record<string, unknown> | null = null;
  if (found?.table && permitted !== null) {
    const t = found.table as unknown as GaugeTableShape & { id: number; name: string };
    let reading: string | null = null;
    let note: string | null = null;
    try {
      reading = readingFor(t, down(convert(permitted, unit, t.volume_unit), t.volume_unit));
    } catch (e) {
      if (!(e instanceof GaugeRangeError)) throw e;
      note = e.message;
    }
    gauge = { table: t.id, name: t.name, via: found.via, depth_kind: t.depth_kind, depth_unit: t.depth_unit, reading, note };
  }
  return {
    ...result,
    d15: rules.d15.toFixed(4), d50: rules.d50.toFixed(4), commodity_group: group, hazard: rules.hazard, poison_inhalation: rules.poison_inhalation,
    unit, shell_capacity: shell === null ? null : down(shell, unit),
    permitted_volume: permitted === null ? null : down(permitted, unit),
    outage_volume: permitted === null || shell === null ? null : down(shell - Number(down(permitted, unit)), unit),
    gauge,
  };
};
