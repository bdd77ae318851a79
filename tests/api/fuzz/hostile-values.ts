/**
 * Hostile values for the input fuzz test, generated from a field declaration: values of the wrong
 * kind, and values of the right kind that the database or the JSON layer refuses (NUL, lone
 * surrogates, year 0, non-UUID strings shaped like UUIDs, numbers beyond int4/int8, deep nesting).
 */
import fc from 'fast-check';
import type { Field } from '../../../src/resources/fields';

/** Strings a text column, a filter or a search may meet. */
export const hostileString = fc.oneof(
  fc.constantFrom(
    '\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\udc00\ud800', '\uffff', '%', '_', '\\', "'", '"', ',', '\\,', '',
    ' ', 'NULL', 'null', '-', '--', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', '00000000-0000-0000-0000-00000000000g',
    '------------------------------------', '0000-00-00', '0000-01-01', '-0001-01-01', '99999-12-31', '2024-02-30',
    '0000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '294277-01-01T00:00:00Z', '1e400', 'NaN', 'Infinity', '-Infinity',
    '9223372036854775808', '2147483648', '-2147483649', '99999999999999999999999999999999', '0x10', '1_000', '١٢٣',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('a', '\u0000', '\ud800', ',', '\\', '%', '-', '0'), maxLength: 20 }),
  fc.integer({ min: 256, max: 300_000 }).map((n) => 'x'.repeat(n)),
);

/** Numbers (as JSON numbers) that do not fit the column. */
export const hostileNumber = fc.oneof(
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53, 2 ** 63, -(2 ** 63), 1e308, -1e308, 1e-320, 0.5, -0, 1.7976931348623157e308),
  fc.double(),
  fc.integer(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((b) => Number(b)),
);

/** Nested objects and arrays, sometimes deep. */
export const hostileStructure = fc.oneof(
  fc.constantFrom({}, [], [null], { id: null }, { id: '\u0000' }, { id: 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz' }, { id: 2 ** 40 }, [2 ** 40], ['\u0000'], [[[]]]),
  fc.integer({ min: 1, max: 30 }).map((d) => nest(d)),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(hostileString, { maxLength: 3 }),
);

function nest(depth: number): unknown {
  let v: unknown = 'leaf\u0000';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { k: v };
  return v;
}

const dateLike = fc.oneof(
  fc.constantFrom('0000-01-01', '0001-01-01', '-0001-01-01', '9999-12-31', '10000-01-01', '5874898-01-01', '2024-02-29', '1970-01-01'),
  fc.integer({ min: -300_000, max: 300_000 }).map((y) => `${String(y).padStart(4, '0')}-01-01`),
);
const datetimeLike = fc.oneof(
  fc.constantFrom('0000-01-01T00:00:00Z', '0000-12-31T23:59:59+14:00', '-000001-01-01T00:00:00Z', '+275760-09-13T00:00:00Z',
    '294277-01-01T00:00:00Z', '9999-12-31T23:59:59-23:59', '2024-01-01T24:00:00Z', '2024-01-01T00:00:00+99:99'),
  dateLike.map((d) => `${d}T00:00:00Z`),
);

/** Values of the field's own kind that a naive pass-through would send to the database. */
function rightKindHostile(f: Field): fc.Arbitrary<unknown> {
  switch (f.kind) {
    case 'integer': return fc.oneof(hostileNumber, hostileNumber.map(String), fc.constantFrom('9223372036854775808', '1e3', ' 1 '));
    case 'decimal': return fc.oneof(hostileNumber, hostileNumber.map(String), fc.constantFrom('1e5', '.', '-', '+.5', '0'.repeat(500)));
    case 'date': return dateLike;
    case 'datetime': return datetimeLike;
    case 'ref': case 'file': return fc.oneof(fc.constantFrom('zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', '00000000-0000-0000-0000-000000000000', 2 ** 31, 2 ** 53, '9999999999'), hostileStructure);
    case 'refs': case 'tags': return fc.array(fc.oneof(hostileString, hostileNumber, fc.constant(null)), { maxLength: 4 });
    case 'json': return fc.oneof(hostileStructure, fc.dictionary(hostileString, hostileString, { maxKeys: 3 }), fc.integer({ min: 60_000, max: 200_000 }).map((n) => ({ big: 'y'.repeat(n) })));
    case 'choice': return fc.oneof(fc.constantFrom(...f.choices.map(([v]) => v)).map((v) => `${v}\u0000`), hostileString);
    default: return hostileString;
  }
}

/** A value for one field: wrong kind or hostile right kind. */
export function hostileValueFor(f: Field): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: rightKindHostile(f), weight: 3 },
    { arbitrary: hostileString, weight: 2 },
    { arbitrary: hostileNumber, weight: 1 },
    { arbitrary: hostileStructure, weight: 1 },
    { arbitrary: fc.constantFrom(null, true, false, ''), weight: 1 },
  );
}

/** A filter value as it appears in a query string (before encoding). */
export function hostileFilterValue(f: Field): fc.Arbitrary<string> {
  return fc.oneof(
    rightKindHostile(f).map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? 'null')),
    hostileString,
    fc.array(hostileString, { minLength: 2, maxLength: 5 }).map((xs) => xs.join(',')),
    fc.integer({ min: 1000, max: 70_000 }).map((n) => Array.from({ length: n }, (_, i) => String(i)).join(',')),
  );
}
