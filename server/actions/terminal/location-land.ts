/**
 * Location rule: the UWI and the DLS/NTS parts of a location (docs/terminal.md, Land locations; src/lib/land-location.ts).
 * - A UWI, in any written form, is parsed and stored normalised (`100/16-09-010-09W1/00`); every
 *   part is derived from it and the other survey system's parts are cleared. The UWI wins over
 *   parts sent alongside it.
 * - Without a UWI, DLS or NTS parts sent by the client are checked as a complete set of one system.
 * - `use_uwi_for_name_and_code`: code = the compact 16-character UWI, name = its written form,
 *   recomputed whenever the UWI changes. Without it, name and code must be given (the declaration
 *   leaves them optional so that a UWI alone can create a location; this hook requires them).
 */
import { type Uwi, compactUwi, formatUwi, parseUwi } from '../../../src/lib/land-location';
import type { ResourceHooks } from '../../engine/hooks';
import { ErrorBag, badRequest } from '../../engine/errors';
import type { Row } from '../../engine/serialize';
import { isEmpty } from '../../../src/lib/validators';

export const DLS_PARTS = ['lsd', 'section', 'township', 'range', 'meridian'] as const;
export const NTS_PARTS = ['quarter_unit', 'unit', 'block', 'series_number', 'map_area', 'map_sheet'] as const;
const UWI_ONLY = ['second_character', 'fifteenth_character', 'dls_well_identifier', 'dls_event_identifier', 'nts_well_identifier', 'nts_event_identifier'] as const;
const ALL_PARTS = [...DLS_PARTS, ...NTS_PARTS, ...UWI_ONLY, 'format'] as const;

/** Every column a UWI determines, with the other system's parts cleared. */
export function partsFromUwi(u: Uwi): Record<string, unknown> {
  const out: Record<string, unknown> = Object.fromEntries(ALL_PARTS.map((p) => [p, null]));
  Object.assign(out, { uwi: formatUwi(u), format: u.format, second_character: u.second_character, fifteenth_character: u.fifteenth_character });
  if (u.format === 'DLS') Object.assign(out, u.dls, { dls_well_identifier: u.third_character, dls_event_identifier: u.sixteenth_character });
  else Object.assign(out, u.nts, { nts_well_identifier: u.third_character, nts_event_identifier: u.sixteenth_character });
  return out;
}

const RANGES: Record<string, { label: string; check: (v: unknown) => boolean; rule: string }> = {
  lsd: { label: 'LSD', check: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 16, rule: '1 to 16' },
  section: { label: 'Section', check: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 36, rule: '1 to 36' },
  township: { label: 'Township', check: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 126, rule: '1 to 126' },
  range: { label: 'Range', check: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 34, rule: '1 to 34' },
  meridian: { label: 'Meridian', check: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 6, rule: '1 to 6 (W1-W6)' },
  quarter_unit: { label: 'Quarter unit', check: (v) => typeof v === 'string' && /^[A-D]$/.test(v), rule: 'a letter A to D' },
  unit: { label: 'Unit', check: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 100, rule: '1 to 100' },
  block: { label: 'Block', check: (v) => typeof v === 'string' && /^[A-L]$/.test(v), rule: 'a letter A to L' },
  series_number: { label: 'Map series', check: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 120, rule: '1 to 120 (e.g. 93)' },
  map_area: { label: 'Map area', check: (v) => typeof v === 'string' && /^[A-P]$/.test(v), rule: 'a letter A to P' },
  map_sheet: { label: 'Map sheet', check: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 16, rule: '1 to 16' },
};

/**
 * A land location given part by part: one survey system, every part present and in range.
 * `merged` is the record as it would be after the write. Returns per-field messages.
 */
export function landPartErrors(merged: Record<string, unknown>): Record<string, string[]> {
  const errors = new ErrorBag();
  const hasDls = DLS_PARTS.some((p) => !isEmpty(merged[p]));
  const hasNts = NTS_PARTS.some((p) => !isEmpty(merged[p]));
  if (hasDls && hasNts) {
    errors.add('non_field_errors', 'A location is either DLS or NTS: clear the parts of the other survey system.');
    return errors.errors;
  }
  const parts = hasDls ? DLS_PARTS : hasNts ? NTS_PARTS : [];
  const system = hasDls ? 'DLS' : 'NTS';
  for (const p of parts) {
    const v = merged[p];
    const { label, check, rule } = RANGES[p];
    if (isEmpty(v)) errors.add(p, `${label} is required for a complete ${system} location.`);
    else if (!check(v)) errors.add(p, `${label} must be ${rule} (got ${String(v)}).`);
  }
  return errors.errors;
}

/** Applies the rule to the values about to be written; throws a 400 with per-field messages. */
export function applyLandRules(values: Record<string, unknown>, current: Row | undefined) {
  const merged = { ...(current ?? {}), ...values };
  const uwiSent = 'uwi' in values;
  const useUwi = Boolean(merged.use_uwi_for_name_and_code);
  const uwiText = typeof merged.uwi === 'string' ? merged.uwi.trim() : '';

  if (uwiText) {
    // Re-derive when the UWI is sent, when deriving was switched on, or name/code were sent while deriving.
    if (uwiSent || !current || ['use_uwi_for_name_and_code', 'name', 'code'].some((f) => f in values)) {
      const parsed = parseUwi(uwiText);
      if (!parsed.ok) throw badRequest({ uwi: parsed.errors });
      Object.assign(values, partsFromUwi(parsed.value));
      if (useUwi) {
        values.code = compactUwi(parsed.value);
        values.name = formatUwi(parsed.value);
      }
    }
  } else {
    if (uwiSent) {
      values.uwi = null;
      // The survey parts stay (a land location without a well); the UWI-only positions go.
      for (const p of UWI_ONLY) values[p] = null;
    }
    if (useUwi) throw badRequest({ use_uwi_for_name_and_code: ['Give a UWI to derive the name and code from.'] });
    const touched = [...DLS_PARTS, ...NTS_PARTS].some((p) => p in values);
    if (touched || !current) {
      const after = { ...merged, ...values };
      const errors = landPartErrors(after);
      if (Object.keys(errors).length) throw badRequest(errors);
      const hasDls = DLS_PARTS.some((p) => !isEmpty(after[p]));
      const hasNts = NTS_PARTS.some((p) => !isEmpty(after[p]));
      values.format = hasDls ? 'DLS' : hasNts ? 'NTS' : null;
    }
  }
  const final = { ...merged, ...values };
  const missing = new ErrorBag();
  for (const f of ['name', 'code']) {
    if ((f in values || !current) && (typeof final[f] !== 'string' || !(final[f] as string).trim())) {
      missing.add(f, useUwi ? 'This field may not be blank.' : 'This field is required (or set a UWI and "Use UWI for name and code").');
    }
  }
  missing.throwIfAny();
}

export const locationHooks: ResourceHooks = {
  beforeWrite({ input, current }) {
    applyLandRules(input.values, current);
  },
};
