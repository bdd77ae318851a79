/**
 * Exact decimals that compute as PostgreSQL `numeric` does (docs/architecture.md, One declaration
 * per entity): decimal strings in and out, worked as BigInt scaled integers, never binary floats,
 * so a value the screen shows while typing is the value the database stores.
 * - an input is first brought to its column's declared places, rounding half away from zero, as
 *   PostgreSQL does when it stores a value in `numeric(p, s)`;
 * - `+`, `-` and `*` are exact (a product keeps the sum of its factors' places);
 * - `round(x, n)` rounds half away from zero (`round(2.5) = 3`, `round(-2.5) = -3`); zero has no
 *   sign (`round(-0.001, 2)` is `0.00`);
 * - `/` rounds the quotient half away from zero to the scale PostgreSQL's `select_div_scale`
 *   chooses (at least 16 significant digits, and at least either operand's places) before a
 *   `round` rounds it again, so a quotient close to a half rounds as the database rounds it.
 */

/** value = units / 10^scale, scale being what PostgreSQL calls the display scale. */
export interface Dec {
  readonly units: bigint;
  readonly scale: number;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;
const pow10 = (n: number) => 10n ** BigInt(n);

/** A decimal string as written (`'30000'`, `'0.985'`, `'-1.5'`, `'.5'`); null when it is none. */
export function parse(text: string): Dec | null {
  if (typeof text !== 'string') return null;
  const m = DECIMAL.exec(text.trim());
  if (!m || (m[2] === '' && !m[3])) return null;
  const frac = m[3] ?? '';
  const units = BigInt(`${m[2] || '0'}${frac}`);
  return { units: m[1] === '-' ? -units : units, scale: frac.length };
}

/** `n / d` rounded half away from zero, for any signs (d ≠ 0). */
function divRound(n: bigint, d: bigint): bigint {
  if (d < 0n) { n = -n; d = -d; }
  const q = n / d; // truncates toward zero
  const r = n % d; // has the sign of n
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= d) return n < 0n ? q - 1n : q + 1n;
  return q;
}

/** PostgreSQL's `round(x, places)` and its coercion to `numeric(p, places)`: half away from zero. */
export function round(d: Dec, places: number): Dec {
  if (places >= d.scale) return { units: d.units * pow10(places - d.scale), scale: places };
  return { units: divRound(d.units, pow10(d.scale - places)), scale: places };
}

export const sub = (a: Dec, b: Dec): Dec => {
  const scale = Math.max(a.scale, b.scale);
  return { units: a.units * pow10(scale - a.scale) - b.units * pow10(scale - b.scale), scale };
};

export const add = (a: Dec, b: Dec): Dec => sub(a, { units: -b.units, scale: b.scale });

export const mul = (a: Dec, b: Dec): Dec => ({ units: a.units * b.units, scale: a.scale + b.scale });

/** The weight (in base-10000 digits) and first base-10000 digit of |d|, as PostgreSQL stores it. */
function baseDigits(d: Dec): { weight: number; first: bigint } {
  let a = d.units < 0n ? -d.units : d.units;
  if (a === 0n) return { weight: 0, first: 0n };
  const pad = (4 - (d.scale % 4)) % 4;
  a *= pow10(pad);
  let groups = 0;
  while (a >= 10000n) { a /= 10000n; groups += 1; }
  return { weight: groups - (d.scale + pad) / 4, first: a };
}

/**
 * PostgreSQL's `numeric` division: the quotient at the scale `select_div_scale` picks (16
 * significant digits, at least either operand's scale, at most 1000), rounded half away from zero.
 */
export function div(a: Dec, b: Dec): Dec {
  if (b.units === 0n) throw new RangeError('division by zero');
  const x = baseDigits(a);
  const y = baseDigits(b);
  let qweight = x.weight - y.weight;
  if (x.first <= y.first) qweight -= 1;
  const scale = Math.min(1000, Math.max(16 - qweight * 4, a.scale, b.scale, 0));
  // a/b × 10^scale = a.units × 10^(b.scale + scale − a.scale) / b.units, and scale ≥ a.scale.
  return { units: divRound(a.units * pow10(b.scale + scale - a.scale), b.units), scale };
}

export function text(d: Dec): string {
  const negative = d.units < 0n;
  const digits = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  const whole = digits.slice(0, digits.length - d.scale);
  const frac = d.scale > 0 ? `.${digits.slice(digits.length - d.scale)}` : '';
  return `${negative ? '-' : ''}${whole}${frac}`;
}

export const compare = (a: Dec, b: Dec): number => {
  const diff = sub(a, b).units;
  return diff === 0n ? 0 : diff < 0n ? -1 : 1;
};

/** A decimal string brought to a column's places; a RangeError naming the value when it is none. */
export function input(text: string, name: string, places: number): Dec {
  const d = parse(text);
  if (!d) throw new RangeError(`${name} is not a decimal number: ${JSON.stringify(text)}.`);
  return round(d, places);
}
