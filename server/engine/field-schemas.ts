/**
 * One zod schema per field kind: accepts what a client may send for that field and normalises it to
 * what the column stores. Messages follow the Django REST framework wording the clients know.
 */
import { z } from 'zod';
import { type Field, JSON_MAX_BYTES } from '../../src/resources/fields';
import { bodyProblems, textProblem } from './storable-text';
import { EMAIL_PATTERN, passwordProblems } from '../../src/lib/password-policy';
import { decimalLimits } from '../../src/lib/validators';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INT4 = 2_147_483_647;
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

export const isUuid = (s: string) => UUID.test(s);

/** A reference value: a pk (number or digit string; or a UUID string) or `{id}`. */
export function pkSchema(uuidKeys: boolean) {
  const msg = 'Incorrect type. Expected pk value.';
  return z.unknown().transform((v, ctx) => {
    const raw = v !== null && typeof v === 'object' && 'id' in v ? (v as { id: unknown }).id : v;
    if (uuidKeys) {
      if (typeof raw === 'string' && UUID.test(raw)) return raw.toLowerCase();
    } else if (typeof raw === 'number' && Number.isInteger(raw) && raw > 0 && raw <= INT4) return raw;
    else if (typeof raw === 'string' && /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= INT4) return Number(raw);
    ctx.addIssue({ code: 'custom', message: msg });
    return z.NEVER;
  });
}

/**
 * A sent value as a message repeats it: text and numbers as they are, anything else as JSON, cut
 * short. `String()` of an object whose `toString` was sent as null throws, and the message must not.
 */
function echo(v: unknown): string {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v === null || v === undefined) return String(v).slice(0, 100);
  try {
    return (JSON.stringify(v) ?? typeof v).slice(0, 100);
  } catch {
    return typeof v;
  }
}

/** A calendar date PostgreSQL stores: year 1 to 9999 (PostgreSQL has no year 0; JavaScript does). */
function validDate(s: string) {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s) && d.getUTCFullYear() >= 1;
}

/** An instant whose UTC date is in years 1-9999: `0000-12-31T23:00:00-02:00` is fine, `0001-01-01T00:00:00+01:00` is year 0. */
function validInstant(s: string) {
  const t = Date.parse(s);
  if (Number.isNaN(t)) return false;
  const year = new Date(t).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/** Text PostgreSQL can store: no NUL, no lone surrogate (DRF's messages). */
const storable = (s: z.ZodString) => s.superRefine((v, ctx) => { const m = textProblem(v); if (m) ctx.addIssue({ code: 'custom', message: m }); });

/** A JSON value: no NUL or lone surrogate anywhere (jsonb refuses them), at most `max` bytes as JSON text. */
function jsonChecks<T extends z.ZodType>(s: T, max: number) {
  return s.superRefine((v, ctx) => {
    for (const messages of Object.values(bodyProblems(v))) for (const m of messages) ctx.addIssue({ code: 'custom', message: m });
    const size = Buffer.byteLength(JSON.stringify(v) ?? '');
    if (size > max) ctx.addIssue({ code: 'custom', message: `Ensure this value has at most ${max} bytes as JSON (it has ${size}).` });
  });
}

function decimalSchema({ digits, places, min, max }: { digits: number; places: number; min?: number; max?: number }) {
  return z.unknown().transform((v, ctx) => {
    const s = typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : null;
    const m = s === null ? null : /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(s);
    if (!s || !m || (m[2] === '' && !m[3])) {
      ctx.addIssue({ code: 'custom', message: 'A valid number is required.' });
      return z.NEVER;
    }
    for (const message of decimalLimits(s, digits, places)) ctx.addIssue({ code: 'custom', message });
    const whole = m[2].replace(/^0+(?=\d)/, '');
    const frac = (m[3] ?? '').replace(/0+$/, '');
    // Bounds are whole or short numbers (coordinates): comparing as a float is exact enough for them.
    if (min !== undefined && Number(s) < min) ctx.addIssue({ code: 'custom', message: `Ensure this value is greater than or equal to ${min}.` });
    if (max !== undefined && Number(s) > max) ctx.addIssue({ code: 'custom', message: `Ensure this value is less than or equal to ${max}.` });
    return `${m[1] === '-' ? '-' : ''}${whole || '0'}${frac ? `.${frac}` : ''}`;
  });
}

/** A list field's bounds, in DRF's words for a list that must not be empty and for one that is too long. */
function bounded<T extends z.ZodType>(f: { required?: boolean; max?: number }, list: z.ZodArray<T>): z.ZodArray<T> {
  let out = list;
  if (f.required) out = out.min(1, 'This list may not be empty.');
  if (f.max !== undefined) out = out.max(f.max, `Ensure this field has no more than ${f.max} elements.`);
  return out;
}

/** Schema for a non-null value of the field. Null and blank handling is done by the caller. */
export function fieldSchema(f: Field, uuidTarget = false): z.ZodType {
  switch (f.kind) {
    case 'text': {
      let s = z.string({ error: 'Not a valid string.' });
      // Trimmed first, so a value of spaces is blank (said once) and the other checks see what is kept.
      if (f.trim) s = s.trim().refine((v) => v !== '' || !f.required, { message: 'This field may not be blank.', abort: true });
      s = s.max(f.max, `Ensure this field has no more than ${f.max} characters.`);
      if (f.format === 'email') s = s.regex(EMAIL_PATTERN, 'Enter a valid email address.');
      if (f.format === 'url') s = s.regex(/^https?:\/\/\S+$/, 'Enter a valid URL.');
      if (f.pattern) s = s.regex(new RegExp(`^(?:${f.pattern.source})$`), f.pattern.message);
      const check = f.check;
      const safe = storable(s);
      const checked = check ? safe.superRefine((v, ctx) => { const m = check(v); if (m) ctx.addIssue({ code: 'custom', message: m }); }) : safe;
      return f.upper ? checked.transform((v) => v.toUpperCase()) : checked;
    }
    case 'longtext':
      return storable(z.string({ error: 'Not a valid string.' }).max(1_000_000, 'Ensure this field has no more than 1000000 characters.'));
    case 'password':
      if (f.secret) return storable(z.string({ error: 'Not a valid string.' }).min(1, 'This field may not be blank.').max(1000, 'Ensure this field has no more than 1000 characters.'));
      return z.string({ error: 'Not a valid string.' }).superRefine((v, ctx) => {
        const m = textProblem(v);
        if (m) { ctx.addIssue({ code: 'custom', message: m }); return; }
        for (const m of passwordProblems(v)) ctx.addIssue({ code: 'custom', message: m });
      });
    case 'integer': {
      const min = f.min ?? -INT4 - 1;
      const max = f.max ?? INT4;
      return z.unknown().transform((v, ctx) => {
        const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*[+-]?\d+\s*$/.test(v) ? Number(v) : NaN;
        if (!Number.isInteger(n)) ctx.addIssue({ code: 'custom', message: 'A valid integer is required.' });
        else if (n < min) ctx.addIssue({ code: 'custom', message: `Ensure this value is greater than or equal to ${min}.` });
        else if (n > max) ctx.addIssue({ code: 'custom', message: `Ensure this value is less than or equal to ${max}.` });
        return n;
      });
    }
    case 'decimal':
      return decimalSchema(f);
    case 'boolean':
      return z.boolean({ error: 'Must be a valid boolean.' });
    case 'date':
      return z.string({ error: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.' })
        .refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && validDate(s), 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.');
    case 'datetime': {
      const msg = 'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].';
      return z.string({ error: msg }).refine((s) => ISO_DATETIME.test(s) && validInstant(s), msg).transform((s) => new Date(s));
    }
    case 'choice': {
      const values = new Set(f.choices.map(([v]) => v));
      return z.unknown().refine((v) => typeof v === 'string' && values.has(v), { error: (iss) => `"${echo(iss.input)}" is not a valid choice.` });
    }
    case 'tags': {
      const values = f.choices ? new Set(f.choices.map(([v]) => v)) : null;
      const list = bounded(f, z.array(storable(z.string().max(100, 'Ensure each item has no more than 100 characters.')), { error: 'Expected a list of items.' }));
      const email = f.format === 'email';
      return list
        .superRefine((items, ctx) => {
          for (const v of items) if (values && !values.has(v)) ctx.addIssue({ code: 'custom', message: `"${v}" is not a valid choice.` });
          const bad = email ? items.filter((v) => !EMAIL_PATTERN.test(v.trim())) : [];
          if (bad.length) ctx.addIssue({ code: 'custom', message: `Not valid email addresses: ${bad.join(', ')}.` });
        })
        .transform((items) => [...new Set(email ? items.map((v) => v.trim().toLowerCase()) : items)]);
    }
    case 'ref':
      return pkSchema(uuidTarget);
    case 'refs':
      return bounded(f, z.array(pkSchema(uuidTarget), { error: 'Expected a list of items.' })).transform((ids) => [...new Set(ids)]);
    case 'json': {
      const max = f.maxBytes ?? JSON_MAX_BYTES;
      if (f.shape === 'object') return jsonChecks(z.record(z.string(), z.unknown(), { error: 'Value must be a JSON object.' }), max);
      if (f.shape === 'array') return jsonChecks(z.array(z.unknown(), { error: 'Value must be a JSON list.' }), max);
      return jsonChecks(z.unknown(), max);
    }
    case 'file':
      return z.string({ error: 'Expected the id of an uploaded file.' }).regex(UUID, 'Expected the id of an uploaded file.');
  }
}
