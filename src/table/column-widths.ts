/**
 * How wide each column of the shared table is (docs/table.md, Column widths), from what its field
 * declares: the kind, a text's maximum length, a decimal's digits, a choice's longest label, a
 * reference's label fields. Values of a known size (dates, numbers, choices, short codes) get that
 * width and keep it; names, descriptions and references share what is left in proportion to what
 * they may hold, and give way first in a narrow window, each down to a floor that still shows the
 * start of the value. The row actions have a width of their own (useActionsColumn).
 */
import type { GridColDef } from '@mui/x-data-grid';
import type { Resource } from '../resources/define';
import type { Field } from '../resources/fields';
import { registry } from '../resources/index';
import { CAR_FIELD } from '../lib/car-value';

/** Average width of a character of the grid's body text (14 px Roboto; digits and capitals are wider), and a cell's side padding. */
const CHAR_PX = 7.4;
const CELL_PAD = 20;
/** A status chip's own padding around its label. */
const CHIP_PAD = 16;
/** A header's text plus room for its sort arrow; a longer header ends in an ellipsis (its tooltip has it all). */
const HEADER_MAX = 150;
/** Codes and identifiers up to this long fill their limit (a UWI is always about 21 characters): such a column keeps its width. */
const FULL_CHARS = 24;
/** No text takes more than this many characters' room: a 255-character limit is not a 255-character name. */
const MAX_CHARS = 36;
/** The floor of a column that gives way: a ticket number, or the first dozen characters of a name. */
const MIN_TEXT = 110;
/** The floor of a number the system gives (a read-only text: shipment, BOL and ticket numbers): one of 15 capitals and digits stays whole. */
const MIN_GIVEN = 140;
const MIN_REF = 72;

/** Characters a text of at most `max` characters usually needs: all of a code, a third of the rest of a long limit. */
export function textChars(max: number): number {
  return max <= FULL_CHARS ? max : Math.min(MAX_CHARS, FULL_CHARS + (max - FULL_CHARS) / 3);
}

/** Characters of a referenced record's label: its parts (`labelFields`) with a space between. */
function labelChars(to: string, depth = 0): number {
  const target = registry.get(to);
  if (!target || depth > 1) return 12;
  const parts = target.labelPieces.map((p) => Math.max(...p.fields.map((f) => valueChars(target.fields[f], f, depth + 1)), 1) + (p.before + p.after).length);
  return Math.min(MAX_CHARS, parts.reduce((a, b) => a + b, 0) + parts.length - 1);
}

/** Characters a value of this field needs, or 0 when its kind does not say. */
function valueChars(f: Field | undefined, name: string, depth = 0): number {
  if (name === CAR_FIELD) return 11;
  if (!f) return name === 'id' ? 8 : 0;
  switch (f.kind) {
    case 'text': return textChars(f.max) * (f.upper ? 1.15 : 1);
    case 'longtext': return MAX_CHARS;
    case 'integer': {
      // Without a declared maximum: numbers that count records (an identity), six digits.
      const digits = String(Math.abs(f.max ?? 999_999)).length;
      return f.identifier ? digits : digits + Math.floor((digits - 1) / 3);
    }
    case 'decimal': {
      // Whole digits with their separators, the point and the places; amounts rarely fill every digit.
      const whole = Math.min(f.digits - f.places, f.columnDigits ?? 5);
      return whole + Math.floor((whole - 1) / 3) + (f.places ? f.places + 1 : 0);
    }
    case 'date': return 10;
    case 'boolean': return 3;
    case 'choice': return Math.max(...f.choices.map(([, label]) => label.length));
    case 'ref': return labelChars(f.to, depth);
    case 'refs': case 'tags': case 'json': return 20;
    default: return 0;
  }
}

/**
 * The floor of a reference labelled first by a number the system gives (a shipment's `RS-004866`):
 * that number stays whole however narrow the window, as a given number's own column does.
 */
function refFloor(f: Field | undefined): number {
  const target = f?.kind === 'ref' ? registry.get(f.to) : undefined;
  const first = target?.labelPieces[0]?.fields[0];
  const given = first ? target!.fields[first] : undefined;
  if (given?.kind !== 'text' || !given.readOnly) return MIN_REF;
  return Math.min(MIN_GIVEN, Math.max(MIN_REF, Math.round(Math.min(given.max, 12) * CHAR_PX * 1.15 + CELL_PAD)));
}

/** Kinds whose values vary in length and may be shortened with an ellipsis when room is short. */
const gives = (f: Field | undefined, name: string) =>
  name !== CAR_FIELD && !!f && (f.kind === 'longtext' || f.kind === 'ref' || f.kind === 'refs' || f.kind === 'tags' || f.kind === 'json' || (f.kind === 'text' && f.max > FULL_CHARS));

/** The width of column `name` with header text `header`. */
export function columnWidth(r: Resource, name: string, header: string): Pick<GridColDef, 'width' | 'flex' | 'minWidth'> {
  const f = r.fields[name];
  // The header's text, its padding and the sort arrow a sorted column shows.
  const headerPx = Math.min(HEADER_MAX, Math.round(header.length * 7.5 + 44));
  // Dates and times: the other columns' rules are character counts, a formatted time is not.
  if (f?.kind === 'datetime' || name === 'created_at' || name === 'updated_at') return { width: Math.max(190, headerPx), minWidth: 190 };
  const chip = f?.kind === 'choice' && f.chip ? CHIP_PAD : 0;
  const valuePx = Math.round(valueChars(f, name) * CHAR_PX + CELL_PAD + chip);
  // A header claims room beyond its values only up to a point: "Province / state" over two-letter codes ends in an ellipsis.
  const ideal = Math.max(valuePx, Math.min(headerPx, Math.max(valuePx + 48, 96)), 72);
  if (!gives(f, name)) return { width: ideal, minWidth: Math.min(ideal, Math.max(valuePx, 72)) };
  const floor = f?.kind === 'text' ? (f.readOnly ? MIN_GIVEN : MIN_TEXT) : refFloor(f);
  return { flex: ideal, minWidth: Math.min(ideal, floor) };
}
