/**
 * The yard's files (docs/yard.md, Papers): `get_pdf/` and `get_excel/` (the chosen tracks, named
 * `YardLayout-{date}` by the facility's day) and a switch list's `print/`. Times are the
 * facility's local time.
 */
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { formatInZone, localDateIn, zoneOr } from '../../../src/lib/time-zone';
import { choiceWord } from '../../../src/resources/fields';
import { CAR_TYPES } from '../../../src/resources/fleet/car';
import { TRACK_KINDS } from '../../../src/resources/yard/common';
import { facility } from '../../../src/resources/logistics/facility';
import { user } from '../../../src/resources/accounts/user';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { download } from '../../engine/action-reply';
import { fieldError } from '../../engine/errors';
import { renderYardOffThread } from '../../print/render-pool';
import type { YardDocHead, YardLayoutDocData } from '../../print/yard-docs';
import type { SwitchStep } from './switch-steps';
import { type YardState, SL, layoutAnswer, loadYard, userName } from './yard-state';

const F = tableOf(facility);
const U = tableOf(user);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function zoneOf(db: Db, state: YardState) {
  const [f] = await db.select({ zone: F.timezone }).from(F).where(eq(F.id, state.yard.facility));
  return zoneOr(f?.zone, 'America/Edmonton');
}

function head(state: YardState, printedAt: string): YardDocHead {
  return { yard: state.yard.name, facility: state.yard.facility_name, unit: state.yard.length_unit, lead: state.yard.lead_length, printedAt };
}

/** The chosen tracks (all when none is chosen) with their cars from the switch end. */
function layoutData(state: YardState, chosen: unknown, printedAt: string): YardLayoutDocData {
  const ids = ((chosen as unknown[] | undefined) ?? []).map(Number);
  const foreign = ids.filter((id) => !state.tracks.some((t) => t.id === id));
  if (foreign.length) throw fieldError('tracks_ids', 'Not a track of this yard.');
  const l = layoutAnswer(state);
  const byId = new Map(l.cars.map((c) => [c.id, c]));
  const trackName = new Map(state.tracks.map((t) => [t.id, t.name]));
  return {
    ...head(state, printedAt),
    tracks: l.tracks.filter((t) => !ids.length || ids.includes(t.id)).map((t) => ({
      name: t.name, kind: t.kind, length: t.length, used: t.actual_used, planned_used: t.planned_used,
      cars: t.actual.map((id) => {
        const c = byId.get(id)!;
        return { mark_number: c.mark_number, car_type: c.car_type, length: c.length, loaded: c.loaded, product: c.product_name, planned: c.planned.track === null ? null : trackName.get(c.planned.track) ?? null };
      }),
    })),
  };
}

async function printed(db: Db, state: YardState) {
  const zone = await zoneOf(db, state);
  const now = new Date();
  return { at: formatInZone(now, zone), day: localDateIn(now, zone)! };
}

export const yardPdf: ActionHandler = async ({ db, id, input }) => {
  const state = await loadYard(db, Number(id));
  const when = await printed(db, state);
  const pdf = await renderYardOffThread({ kind: 'yard-layout', data: layoutData(state, input.tracks_ids, when.at) });
  return download(`YardLayout-${when.day}.pdf`, 'application/pdf', pdf);
};

/** `YardLayout-{date}.xlsx`: a sheet of the tracks and one row per car, typed cells (lengths as numbers). */
export const yardWorkbook: ActionHandler = async ({ db, id, input }) => {
  const state = await loadYard(db, Number(id));
  const when = await printed(db, state);
  const data = layoutData(state, input.tracks_ids, when.at);
  const unit = data.unit;
  const book = new ExcelJS.Workbook();
  book.title = `Yard layout, ${data.yard}`;
  const tracks = book.addWorksheet('Tracks');
  tracks.columns = [
    { header: 'Track', key: 'name', width: 16 }, { header: 'Kind', key: 'kind', width: 16 }, { header: `Length (${unit})`, key: 'length', width: 12 },
    { header: `Used (${unit})`, key: 'used', width: 12 }, { header: `Planned (${unit})`, key: 'planned', width: 12 }, { header: 'Cars', key: 'cars', width: 8 },
  ];
  for (const t of data.tracks) tracks.addRow({ name: t.name, kind: choiceWord(TRACK_KINDS, t.kind), length: Number(t.length), used: Number(t.used), planned: Number(t.planned_used), cars: t.cars.length });
  const cars = book.addWorksheet('Cars');
  cars.columns = [
    { header: 'Track', key: 'track', width: 16 }, { header: 'Place', key: 'place', width: 7 }, { header: 'Car', key: 'car', width: 14 },
    { header: 'Type', key: 'type', width: 18 }, { header: `Length (${unit})`, key: 'length', width: 12 }, { header: 'Load', key: 'load', width: 8 },
    { header: 'Product', key: 'product', width: 24 }, { header: 'Planned on', key: 'planned', width: 16 },
  ];
  for (const t of data.tracks) {
    t.cars.forEach((c, i) => cars.addRow({
      track: t.name, place: i + 1, car: c.mark_number, type: choiceWord(CAR_TYPES, c.car_type), length: Number(c.length), load: c.loaded ? 'Loaded' : 'Empty', product: c.product ?? '', planned: c.planned ?? '',
    }));
  }
  for (const sheet of [tracks, cars]) {
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
  }
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  return download(`YardLayout-${when.day}.xlsx`, XLSX, buffer);
};

/** `GET rail_car_switch_list/{id}/print/`: the list as the crew works it, with what is done. */
export const printSwitchList: ActionHandler = async ({ db, id }) => {
  const [row] = await db.select({ yard: SL.yard, status: SL.status, steps: SL.steps, made_at: SL.made_at, by: userName(U), notes: SL.notes, lower_bound: SL.lower_bound })
    .from(SL).leftJoin(U, eq(U.id, SL.made_by)).where(eq(SL.id, Number(id)));
  const state = await loadYard(db, Number(row.yard));
  const zone = await zoneOf(db, state);
  const pdf = await renderYardOffThread({
    kind: 'switch-list',
    data: {
      ...head(state, formatInZone(new Date(), zone)), id: Number(id), status: String(row.status), madeAt: formatInZone(row.made_at, zone), madeBy: String(row.by ?? ''),
      notes: row.notes === null ? null : String(row.notes), lowerBound: row.lower_bound === null ? null : Number(row.lower_bound),
      steps: (row.steps as SwitchStep[]).map((s) => ({ ...s, done_at: s.done_at ? formatInZone(s.done_at, zone) : null })),
    },
  });
  return download(`switch-list-${id}.pdf`, 'application/pdf', pdf);
};
