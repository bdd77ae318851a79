/**
 * What the location form does with a typed UWI (docs/terminal.md, Land locations): parse it with land-location.ts and
 * give the values of every land-location input, the parts to show, and, with "Use UWI for name and
 * code", the derived name (written form) and code (16-character form): the same rule the server
 * applies on save (server/actions/terminal/location-land.ts). Pure, so unit-tested.
 */
import { type Uwi, compactUwi, formatDls, formatNts, formatUwi, parseUwi } from '../../../lib/land-location';

export const DLS_INPUTS = ['lsd', 'section', 'township', 'range', 'meridian'] as const;
export const NTS_INPUTS = ['quarter_unit', 'unit', 'block', 'series_number', 'map_area', 'map_sheet'] as const;
const UWI_INPUTS = ['format', 'second_character', 'fifteenth_character', 'dls_well_identifier', 'dls_event_identifier', 'nts_well_identifier', 'nts_event_identifier'] as const;

export interface UwiPart { label: string; value: string }

export type UwiFormResult =
  | { state: 'empty' }
  | { state: 'invalid'; errors: string[] }
  | { state: 'ok'; uwi: Uwi; written: string; compact: string; parts: UwiPart[]; values: Record<string, string | number | null>; derived?: { name: string; code: string } };

const pad = (n: number, w: number) => String(n).padStart(w, '0');

export function uwiFormValues(text: unknown, useForNameAndCode: boolean): UwiFormResult {
  if (typeof text !== 'string' || !text.trim()) return { state: 'empty' };
  const parsed = parseUwi(text);
  if (!parsed.ok) return { state: 'invalid', errors: parsed.errors };
  const u = parsed.value;
  const values: Record<string, string | number | null> = Object.fromEntries([...DLS_INPUTS, ...NTS_INPUTS, ...UWI_INPUTS].map((k) => [k, null]));
  Object.assign(values, { format: u.format, second_character: u.second_character, fifteenth_character: u.fifteenth_character });
  const parts: UwiPart[] = [{ label: 'Survey system', value: u.format }, { label: 'Location exception (pos. 2)', value: u.second_character }, { label: 'Drilling sequence (pos. 3)', value: u.third_character }];
  if (u.format === 'DLS' && u.dls) {
    Object.assign(values, u.dls, { dls_well_identifier: u.third_character, dls_event_identifier: u.sixteenth_character });
    parts.push(
      { label: 'LSD', value: pad(u.dls.lsd, 2) }, { label: 'Section', value: pad(u.dls.section, 2) }, { label: 'Township', value: pad(u.dls.township, 3) },
      { label: 'Range', value: pad(u.dls.range, 2) }, { label: 'Meridian', value: `W${u.dls.meridian}` }, { label: 'DLS location', value: formatDls(u.dls) },
    );
  } else if (u.nts) {
    Object.assign(values, u.nts, { nts_well_identifier: u.third_character, nts_event_identifier: u.sixteenth_character });
    parts.push(
      { label: 'Quarter unit', value: u.nts.quarter_unit }, { label: 'Unit', value: pad(u.nts.unit, 3) }, { label: 'Block', value: u.nts.block },
      { label: 'Map series', value: pad(u.nts.series_number, 3) }, { label: 'Map area', value: u.nts.map_area }, { label: 'Map sheet', value: pad(u.nts.map_sheet, 2) },
      { label: 'NTS location', value: formatNts(u.nts) },
    );
  }
  parts.push({ label: 'Event sequence (pos. 15-16)', value: `${u.fifteenth_character}${u.sixteenth_character}` });
  const written = formatUwi(u);
  const compact = compactUwi(u);
  return { state: 'ok', uwi: u, written, compact, parts, values, derived: useForNameAndCode ? { name: written, code: compact } : undefined };
}
