/**
 * The pattern language of the rail area's numbers (docs/rail.md §9.1): literal text and
 * placeholders in braces, `S-{yyyy}-{seq:4}` or `{company.code}{yy}{seq:6}`. Pure, so the server's
 * numbering (server/actions/rail/numbering.ts) and the configuration pages' live preview read a
 * pattern alike and cannot disagree on what the next number looks like.
 */

/** What is numbered: the bill of lading, and the three code generators' types. */
export type CodeType = 'bol' | 'contract_sale' | 'contract_purchase' | 'rail_shipment' | 'invoice' | 'credit_note' | 'customs_invoice';
export type Reset = 'never' | 'yearly';

export interface Placeholder { token: string; label: string; example: string }

/** The longest zero padding `{seq:N}` takes. */
export const MAX_SEQ_WIDTH = 10;
/** A whole BOL number at most: what the EDI 404's BX04 carries (docs/rail.md §9.1). */
export const MAX_BOL_LENGTH = 30;

const COMMON: Placeholder[] = [
  { token: '{seq}', label: 'Sequence number; {seq:6} pads it to 6 digits', example: '42' },
  { token: '{yyyy}', label: 'Year the number is given', example: '2026' },
  { token: '{yy}', label: 'Year, two digits', example: '26' },
  { token: '{mm}', label: 'Month, two digits', example: '11' },
  { token: '{company.code}', label: 'Your company\'s code', example: 'PBT' },
];
const CONTRACT: Placeholder[] = [
  { token: '{party.code}', label: 'Counterparty\'s code', example: 'GCR' },
  { token: '{product.code}', label: 'Product code', example: 'CRUDE' },
  { token: '{facility.code}', label: 'Facility code', example: 'FSK' },
];

const INVOICE_PARTY: Placeholder = { token: '{party.code}', label: 'Billed party\'s code', example: 'GCR' };

/** The placeholders each type may use, with what they stand for and an example (`get_columns/`). */
export const PLACEHOLDERS: Readonly<Record<CodeType, readonly Placeholder[]>> = {
  bol: [...COMMON, { token: '{origin.code}', label: 'Origin facility code', example: 'FSK' }, { token: '{railroad.scac}', label: 'Railroad SCAC', example: 'CN' }],
  contract_sale: [...COMMON, ...CONTRACT],
  contract_purchase: [...COMMON, ...CONTRACT],
  rail_shipment: [...COMMON, { token: '{origin.code}', label: 'Origin facility code', example: 'FSK' }, { token: '{product.code}', label: 'Product code', example: 'CRUDE' }],
  invoice: [...COMMON, INVOICE_PARTY],
  credit_note: [...COMMON, INVOICE_PARTY],
  customs_invoice: [...COMMON],
};

/** The defaults a new generator of each type starts with (docs/rail.md §4.6). */
export const DEFAULT_SETTINGS: Readonly<Record<CodeType, { pattern: string; reset: Reset }>> = {
  bol: { pattern: '{company.code}{yy}{seq:6}', reset: 'yearly' },
  contract_sale: { pattern: 'S-{yyyy}-{seq:4}', reset: 'yearly' },
  contract_purchase: { pattern: 'P-{yyyy}-{seq:4}', reset: 'yearly' },
  rail_shipment: { pattern: 'RS-{seq:6}', reset: 'never' },
  // Invoices count without gaps within a year (docs/invoicing.md, Numbers).
  invoice: { pattern: 'INV-{yyyy}-{seq:5}', reset: 'yearly' },
  credit_note: { pattern: 'CN-{yyyy}-{seq:4}', reset: 'yearly' },
  customs_invoice: { pattern: 'CI-{yyyy}-{seq:5}', reset: 'yearly' },
};

export type PatternPart = { literal: string } | { name: string; width: number };

/** Placeholder names of every type: what a pattern may name at all, before its type is known. */
const ALL_NAMES = new Set(Object.values(PLACEHOLDERS).flat().map((p) => p.token.slice(1, -1)));

/** The parts of a pattern, or the first thing that keeps it from being read. */
export function parsePattern(pattern: string): { parts: PatternPart[] } | { error: string } {
  const parts: PatternPart[] = [];
  let i = 0;
  while (i < pattern.length) {
    const open = pattern.indexOf('{', i);
    const close = pattern.indexOf('}', i);
    if (close !== -1 && (open === -1 || close < open)) return { error: 'A } closes no placeholder; write placeholders as {seq}.' };
    if (open === -1) { parts.push({ literal: pattern.slice(i) }); break; }
    if (open > i) parts.push({ literal: pattern.slice(i, open) });
    const end = pattern.indexOf('}', open);
    const next = pattern.indexOf('{', open + 1);
    if (end === -1 || (next !== -1 && next < end)) return { error: 'A { opens a placeholder that is not closed.' };
    const body = pattern.slice(open + 1, end);
    const seq = /^seq(?::(\d+))?$/.exec(body);
    if (seq) {
      const width = seq[1] === undefined ? 1 : Number(seq[1]);
      if (width < 1 || width > MAX_SEQ_WIDTH) return { error: `{seq:N} pads to 1 to ${MAX_SEQ_WIDTH} digits.` };
      parts.push({ name: 'seq', width });
    } else {
      parts.push({ name: body, width: 0 });
    }
    i = end + 1;
  }
  return { parts };
}

export type LiteralRule = 'bol' | 'code';

/** Which literal characters a pattern's own text may hold: a BOL's letters and digits (EDI BX04), a code's also space and `- / . _`. */
const LITERAL: Record<LiteralRule, { re: RegExp; message: string }> = {
  bol: { re: /^[A-Za-z0-9]*$/, message: 'Write the text of a BOL pattern with letters and digits only (the EDI 404 takes no blanks or other characters).' },
  code: { re: /^[A-Za-z0-9 ./_-]*$/, message: 'Write the text of the pattern with letters, digits, spaces and - / . _ only.' },
};

/**
 * What is wrong with a pattern, in the API's words (400 on `pattern`). Without `type` the
 * placeholders of every type are accepted (the field's own check, before the record's type is
 * known); with it only that type's. `reset` adds the yearly rule.
 */
export function patternErrors(pattern: string, o: { rule: LiteralRule; type?: CodeType; reset?: Reset }): string[] {
  if (!pattern.trim()) return ['This field may not be blank.'];
  const parsed = parsePattern(pattern);
  if ('error' in parsed) return [parsed.error];
  const errors: string[] = [];
  const allowed = o.type ? new Set(PLACEHOLDERS[o.type].map((p) => p.token.slice(1, -1))) : ALL_NAMES;
  for (const p of parsed.parts) {
    if ('name' in p && p.name !== 'seq' && !allowed.has(p.name)) {
      const names = o.type ? PLACEHOLDERS[o.type].map((x) => x.token) : [...ALL_NAMES].map((n) => `{${n}}`);
      errors.push(`Unknown placeholder {${p.name}}. Available: ${names.join(', ')}.`);
    }
  }
  if (parsed.parts.filter((p) => 'name' in p && p.name === 'seq').length !== 1) errors.push('Put {seq} exactly once in the pattern.');
  const literal = LITERAL[o.rule];
  if (parsed.parts.some((p) => 'literal' in p && !literal.re.test(p.literal))) errors.push(literal.message);
  const first = parsed.parts[0];
  if (o.rule === 'code' && first && 'literal' in first && !/^[A-Za-z0-9]/.test(first.literal)) errors.push('Start the pattern with a letter, a digit or a placeholder.');
  if (o.rule === 'bol' && fixedLength(parsed.parts) > MAX_BOL_LENGTH) errors.push(`A BOL number is at most ${MAX_BOL_LENGTH} characters; this pattern makes longer ones.`);
  if (o.reset === 'yearly' && !parsed.parts.some((p) => 'name' in p && (p.name === 'yyyy' || p.name === 'yy'))) {
    errors.push('A yearly reset needs {yyyy} or {yy} in the pattern, or numbers would repeat from one year to the next.');
  }
  return errors;
}

/** The characters every number of the pattern has at least: its text, the padded sequence and the dates. */
function fixedLength(parts: PatternPart[]): number {
  const date: Record<string, number> = { yyyy: 4, yy: 2, mm: 2 };
  return parts.reduce((n, p) => n + ('literal' in p ? p.literal.length : p.name === 'seq' ? p.width : date[p.name] ?? 0), 0);
}

/** The values a number is made of: the sequence, the local date it is given on, and the record's (`company.code`...). */
export interface CodeValues { seq: number; date: string; fields: Readonly<Record<string, string | null | undefined>> }

/** A record's value as a number writes it: upper-case, with only the characters the rule's literals may hold; empty writes nothing. */
function written(v: string | null | undefined, rule: LiteralRule): string {
  const upper = (v ?? '').toUpperCase();
  return rule === 'bol' ? upper.replace(/[^A-Z0-9]/g, '') : upper.replace(/[^A-Z0-9 ./_-]/g, '').trim();
}

/** The number a pattern makes from these values. The pattern must be valid (`patternErrors` empty). */
export function formatCode(pattern: string, v: CodeValues, rule: LiteralRule): string {
  const parsed = parsePattern(pattern);
  if ('error' in parsed) throw new Error(parsed.error);
  const [yyyy, mm] = v.date.split('-');
  return parsed.parts.map((p) => {
    if ('literal' in p) return p.literal;
    switch (p.name) {
      case 'seq': return String(v.seq).padStart(p.width, '0');
      case 'yyyy': return yyyy;
      case 'yy': return yyyy.slice(-2);
      case 'mm': return mm;
      default: return written(v.fields[p.name], rule);
    }
  }).join('');
}

/** The counter period a number given on this local date belongs to: `''` for a series never reset, the year for a yearly one. */
export const periodOf = (reset: Reset, date: string) => (reset === 'yearly' ? date.slice(0, 4) : '');

/** The examples of a type's placeholders, by name, for a preview (`{company.code}` from the real company where known). */
export function exampleFields(type: CodeType, known: Readonly<Record<string, string | null | undefined>> = {}): Record<string, string | null | undefined> {
  const out: Record<string, string | null | undefined> = {};
  for (const p of PLACEHOLDERS[type]) out[p.token.slice(1, -1)] = p.example;
  return { ...out, ...known };
}
