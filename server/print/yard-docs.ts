/**
 * The yard's papers (docs/yard.md, Papers): the layout of chosen tracks (`YardLayout-{date}.pdf`),
 * each track with its cars from the switch end, and the switch list a crew works from, its moves
 * in order with a box to tick and a line to sign. Letter size, built from gathered data on the
 * render pool's threads.
 */
import type { Alignment, Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { choiceWord } from '../../src/resources/fields';
import { CAR_TYPES } from '../../src/resources/fleet/car';
import { TRACK_KINDS } from '../../src/resources/yard/common';
import { text } from './format';

export interface YardDocHead { yard: string; facility: string; unit: string; lead: string | null; printedAt: string }

export interface YardLayoutDocData extends YardDocHead {
  tracks: {
    name: string; kind: string; length: string; used: string; planned_used: string;
    cars: { mark_number: string; car_type: string; length: string; loaded: boolean; product: string | null; planned: string | null }[];
  }[];
}

export interface SwitchListDocData extends YardDocHead {
  id: number; status: string; madeAt: string; madeBy: string; notes: string | null; lowerBound: number | null;
  steps: { step: number; from_name: string; to_name: string; cars: string[]; done_at?: string | null; done_by?: string | null }[];
}

const right: Alignment = 'right';
const small = (t: string): Content => ({ text: t, fontSize: 7, color: '#555' });
const headCell = (t: string, alignment?: Alignment): Content => ({ text: t, bold: true, fillColor: '#eeeeee', ...(alignment ? { alignment } : {}) });

function header(title: string, d: YardDocHead, facts: [string, string][]): Content {
  return {
    columns: [
      { stack: [{ text: title, fontSize: 16, bold: true }, { text: `${d.yard} · ${d.facility}`, fontSize: 10, margin: [0, 2, 0, 0] }] },
      { width: 200, table: { widths: [70, '*'], body: facts.map(([k, v]) => [small(k), { text: v }]) }, layout: 'noBorders' },
    ],
    margin: [0, 0, 0, 10],
  };
}

const footer = (name: string, printedAt: string) => (page: number, pages: number): Content => ({
  margin: [36, 10, 36, 0],
  columns: [small(`${name} · printed ${printedAt}`), { ...small(`Page ${page} of ${pages}`) as object, alignment: right, width: 80 } as Content],
});

function trackBlock(t: YardLayoutDocData['tracks'][number], unit: string): Content {
  const title = `${t.name} · ${choiceWord(TRACK_KINDS, t.kind)} · ${t.used} of ${t.length} ${unit} used · ${t.cars.length} car${t.cars.length === 1 ? '' : 's'}`;
  const body: Content[][] = [[headCell('#', right), headCell('Car'), headCell('Type'), headCell(`Length (${unit})`, right), headCell('Load'), headCell('Product'), headCell('Planned on')]];
  t.cars.forEach((c, i) => body.push([
    { text: String(i + 1), alignment: right }, { text: c.mark_number, bold: true }, choiceWord(CAR_TYPES, c.car_type), { text: c.length, alignment: right },
    c.loaded ? 'Loaded' : 'Empty', text(c.product), c.planned === t.name ? 'stays' : text(c.planned) || '—',
  ]));
  return {
    stack: [
      { text: title, bold: true, fontSize: 10, margin: [0, 6, 0, 3] },
      t.cars.length
        ? { table: { headerRows: 1, widths: [18, 70, 90, 50, 40, '*', 70], body }, layout: 'lightHorizontalLines' }
        : { text: 'No cars.', italics: true, color: '#555' },
      small(`Switch end first. Planned: ${t.planned_used} ${unit}.`),
    ],
    margin: [0, 0, 0, 8],
  };
}

/** `YardLayout-{date}.pdf`: the chosen tracks in drawing order, each with its cars from the switch end. */
export function yardLayoutDocument(d: YardLayoutDocData): TDocumentDefinitions {
  const cars = d.tracks.reduce((n, t) => n + t.cars.length, 0);
  const name = `Yard layout, ${d.yard}`;
  return {
    pageSize: 'LETTER',
    pageMargins: [36, 32, 36, 36],
    info: { title: name, subject: `${d.tracks.length} tracks, ${cars} cars`, creator: 'bulk-logistics yard-layout' },
    defaultStyle: { fontSize: 8.5 },
    content: [
      header('YARD LAYOUT', d, [['Printed', d.printedAt], ['Tracks', String(d.tracks.length)], ['Cars', String(cars)], ['Lead', d.lead ? `${d.lead} ${d.unit}` : 'no limit']]),
      ...d.tracks.map((t) => trackBlock(t, d.unit)),
    ],
    footer: footer(name, d.printedAt),
  };
}

/** The switch list a crew works from: its moves in order, each cut from the switch end, with a box to tick and who did it. */
export function switchListDocument(d: SwitchListDocData): TDocumentDefinitions {
  const name = `Switch list ${d.id}, ${d.yard}`;
  const body: Content[][] = [[headCell('Step', right), headCell('From'), headCell('Pull (switch end first)'), headCell('To'), headCell('Cars', right), headCell('Done')]];
  for (const s of d.steps) {
    body.push([
      { text: String(s.step), alignment: right, bold: true }, { text: s.from_name, bold: true }, s.cars.join(', '), { text: s.to_name, bold: true },
      { text: String(s.cars.length), alignment: right },
      // Roboto has no ballot box: the box to tick is drawn.
      s.done_at ? { text: `Done, ${text(s.done_by)}`, fontSize: 7 } : { canvas: [{ type: 'rect', x: 0, y: 1, w: 10, h: 10, lineWidth: 0.8 }] },
    ]);
  }
  const bound = d.lowerBound === null ? '' : d.lowerBound === d.steps.length ? 'the fewest moves possible' : `at least ${d.lowerBound} are needed`;
  return {
    pageSize: 'LETTER',
    pageMargins: [36, 32, 36, 36],
    info: { title: name, subject: `${d.steps.length} moves`, creator: 'bulk-logistics switch-list' },
    defaultStyle: { fontSize: 9 },
    watermark: d.status === 'cancelled' ? { text: 'CANCELLED', color: '#c00000', opacity: 0.13, bold: true, fontSize: 100 } : undefined,
    content: [
      header('SWITCH LIST', d, [['Number', String(d.id)], ['Made', d.madeAt], ['By', d.madeBy], ['Moves', `${d.steps.length}${bound ? ` (${bound})` : ''}`], ['Lead', d.lead ? `${d.lead} ${d.unit}` : 'no limit']]),
      ...(d.notes ? [{ text: d.notes, margin: [0, 0, 0, 8] } as Content] : []),
      { text: 'Each move pulls the cars named from the switch end of its track, in that order, and shoves them onto the switch end of the next track.', fontSize: 8, color: '#333', margin: [0, 0, 0, 6] },
      { table: { headerRows: 1, dontBreakRows: true, widths: [26, 70, '*', 70, 26, 90], body }, layout: 'lightHorizontalLines' },
      {
        columns: [{ text: 'Crew: ______________________________' }, { text: 'Finished at: ______________' }],
        margin: [0, 24, 0, 0],
      },
    ],
    footer: footer(name, d.printedAt),
  };
}
