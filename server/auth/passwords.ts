/**
 * Password hashing: scrypt (memory-hard, from node:crypto) for new hashes; Django's
 * `pbkdf2_sha256$iterations$salt$hash` is still verified so users imported from a Django system can
 * sign in, and such hashes are replaced on their next sign-in.
 */
import { pbkdf2, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, len: number, o: { N: number; r: number; p: number; maxmem: number }) => Promise<Buffer>;
const pbkdf2Async = promisify(pbkdf2);

/** OWASP's scrypt minimum (N=2^17, r=8, p=1) needs 128 MB per hash; 2^15 keeps sign-in fast on 2 cores
 *  while staying memory-hard (32 MB). Stored in the hash, so it can be raised later. */
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEYLEN = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password.normalize('NFKC'), salt, KEYLEN, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export interface Verification { ok: boolean; needsRehash: boolean }

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<Verification> {
  const no = { ok: false, needsRehash: false };
  if (!stored) return no;
  const parts = stored.split('$');
  if (parts[0] === 'scrypt' && parts.length === 6) {
    const [, n, r, p, salt, hash] = parts;
    const expected = Buffer.from(hash, 'base64');
    const key = await scryptAsync(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p), maxmem: 256 * 1024 * 1024 });
    const ok = key.length === expected.length && timingSafeEqual(key, expected);
    return { ok, needsRehash: ok && (Number(n) < N || Number(r) !== R) };
  }
  if (parts[0] === 'pbkdf2_sha256' && parts.length === 4) {
    const [, iterations, salt, hash] = parts;
    const expected = Buffer.from(hash, 'base64');
    if (!/^\d+$/.test(iterations) || Number(iterations) > 10_000_000) return no;
    const key = await pbkdf2Async(password, salt, Number(iterations), expected.length || 32, 'sha256');
    const ok = key.length === expected.length && timingSafeEqual(key, expected);
    return { ok, needsRehash: ok };
  }
  return no;
}
