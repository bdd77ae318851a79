/**
 * `POST rail_car_gauge_table/get_max_permitted_filling/` (docs/loading.md, Maximum permitted
 * filling): the rules' answer (src/lib/max-filling.ts) for a liquid and a tank, as a percentage of
 * the shell's capacity and, with a capacity (typed, or the fleet car's), as a volume in the asked
 * unit; with a car that has a gauge table, the reading to fill to. The product (when named)
 * chooses the rules: its class and subsidiary classes, packing group and inhalation hazard; its
 * commodity group gives the density at 50 °C by API MPMS 11.1 when it is not typed.
 */
import { product as productResource } from '../../../src/resources/logistics/product';
import { densityAt, type CommodityGroup } from '../../../src/lib/mpms-11-1';
import { type Closure, fillingInputErrors, type Hazard, type Insulation, maxPermittedFilling, roundDown } from '../../../src/lib/max-filling';
import { type GaugeTableShape, GaugeRangeError, readingFor, VOLUME_PLACES, type VolumeUnit } from '../../../src/lib/gauge-table';
import { GALLONS_TO_LITRES } from '../../../src/lib/rail-car-values';
import type { ActionHandler } from '../../engine/action-handler';
import { badRequest, fieldError } from '../../engine/errors';
import { get } from '../../engine/operations';
import type { Row } from '../../engine/serialize';
import { carGauge } from './car-gauge';

const L_PER_GAL = Number(GALLONS_TO_LITRES);
const convert = (v: number, from: VolumeUnit, to: VolumeUnit) => (from === to ? v : from === 'gal' ? v * L_PER_GAL : v / L_PER_GAL);
/** Down to the unit's places: a permitted volume is never rounded up. */
const down = (v: number, unit: VolumeUnit) => roundDown(v, VOLUME_PLACES[unit]);

/** The rules' hazard of a product: toxic or corrosive when 6.1 or 8 is among its classes; a gas is refused. */
function hazardOf(p: Row | null): Hazard {
  if (!p?.class) return 'none';
  const classes = [String(p.class), ...String(p.subsidiary_classes ?? '').split(/[\s,]+/).filter(Boolean)];
  if (classes[0].startsWith('2')) throw fieldError('product', `${String(p.name)} is a gas (class ${classes[0]}): a gas is filled by its tank's filling ratio, not by these rules for liquids.`);
  return classes.some((c) => c === '6.1' || c === '8') ? 'toxic_or_corrosive' : 'flammable';
}

export const getMaxPermittedFilling: ActionHandler = async ({ db, ctx, input }) => {
  const p = input.product ? await get(db, ctx, productResource, String(input.product)) : null;
  const hazard = (input.hazard as Hazard | undefined) ?? hazardOf(p);
  const group = (input.commodity_group ?? p?.commodity_group ?? null) as CommodityGroup | null;
  const d15 = Number(input.relative_density);
  let d50: number;
  if (input.relative_density_50 !== undefined && input.relative_density_50 !== null) d50 = Number(input.relative_density_50);
  else if (group) {
    try {
      d50 = densityAt(d15 * 1000, 50, group) / 1000;
    } catch (e) {
      throw fieldError('relative_density', (e as Error).message);
    }
  } else throw fieldError('relative_density_50', 'Give the relative density at 50 °C, or a commodity group (or a product that has one) to work it out by API MPMS 11.1.');

  const filling = {
    d15, d50, target_temp: Number(input.target_temp), temperature_min: Number(input.temperature_min), temperature_max: Number(input.temperature_max),
    safety_margin: Number(input.safety_margin ?? 0), hazard, packing_group: (p?.packingGroup ?? null) as 'I' | 'II' | 'III' | null,
    poison_inhalation: input.poison_inhalation === undefined || input.poison_inhalation === null ? !!p?.inhalation_hazard_zone : !!input.poison_inhalation,
    insulation: (input.insulation ?? 'none') as Insulation, closure: (input.closure ?? 'vented') as Closure,
  };
  const errors = fillingInputErrors(filling);
  if (Object.keys(errors).length) throw badRequest(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])));
  const result = maxPermittedFilling(filling);

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
    d15: d15.toFixed(4), d50: d50.toFixed(4), commodity_group: group, hazard: filling.hazard, poison_inhalation: filling.poison_inhalation,
    unit, shell_capacity: shell === null ? null : down(shell, unit),
    permitted_volume: permitted === null ? null : down(permitted, unit),
    outage_volume: permitted === null || shell === null ? null : down(shell - Number(down(permitted, unit)), unit),
    gauge,
  };
};
