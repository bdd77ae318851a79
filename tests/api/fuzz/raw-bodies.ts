/** Request bodies no JSON serialiser would write: invalid UTF-8, lone surrogate escapes, deep nesting, broken multipart. */
import fc from 'fast-check';

export interface RawBody { type: string; bytes: Buffer }

const json = (s: string): RawBody => ({ type: 'application/json', bytes: Buffer.from(s, 'utf8') });
const bytes = (type: string, parts: (string | number[])[]): RawBody =>
  ({ type, bytes: Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p)))) });
const BOUNDARY = 'xYzZY';

export const rawBody: fc.Arbitrary<RawBody> = fc.oneof(
  fc.constantFrom(
    bytes('application/json', ['{"name": "', [0xff, 0xfe], '"}']),
    bytes('application/json', ['{"name": "', [0xed, 0xa0, 0x80], '"}']),
    bytes('application/json', ['{"name": "', [0xc0, 0xaf], '"}']),
    bytes('application/json; charset=latin1', ['{"name": "', [0xe9], '"}']),
    json('{"name": "\\ud800"}'),
    json('{"name": "a\\u0000b"}'),
    json('{"\\u0000": 1}'),
    json('{"name": "x", "name": "\\udfff"}'),
    json('"\\u0000"'),
    json('[1e999]'),
    json('{"version": 1e999}'),
    json('{"__proto__": {"admin": true}}'),
    json('{"constructor": {"prototype": {"x": 1}}}'),
    json(''),
    json('{'),
    bytes(`multipart/form-data; boundary=${BOUNDARY}`, [`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4`]),
    bytes(`multipart/form-data; boundary=${BOUNDARY}`, ['garbage without any boundary']),
    bytes('multipart/form-data', [`--${BOUNDARY}\r\n\r\n`]),
    bytes(`multipart/form-data; boundary=${BOUNDARY}`, [`--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\na\u0000b\r\n--${BOUNDARY}--\r\n`]),
    bytes('text/plain', ['hello']),
    bytes('application/x-www-form-urlencoded', ['a=1&b=%00']),
  ),
  fc.integer({ min: 20, max: 20_000 }).map((d) => json(`${'['.repeat(d)}${']'.repeat(d)}`)),
  fc.integer({ min: 20, max: 5_000 }).map((d) => json(`{"name": ${'{"a":'.repeat(d)}1${'}'.repeat(d)}}`)),
  fc.uint8Array({ minLength: 1, maxLength: 64 }).map((u) => bytes('application/json', ['{"name": "', [...u], '"}'])),
);
