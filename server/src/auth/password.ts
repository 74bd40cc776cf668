// Password hashing for the built-in identity. The stored format is self-describing,
// `scrypt$N$r$p$saltB64$hashB64`, so the cost can be raised later without breaking old hashes.
import { scrypt, scryptSync, randomBytes, timingSafeEqual } from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;

/** Hashes a password; pass a salt only to make seeded hashes reproducible. */
export function hashPassword(password: string, salt: Buffer = randomBytes(16)): string {
  const hash = scryptSync(password, salt, KEY_LENGTH, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

interface Parsed { n: number; r: number; p: number; salt: Buffer; expected: Buffer }

function parse(stored: string | null | undefined): Parsed | null {
  if (!stored) return null;
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![n, r, p].every((v) => Number.isInteger(v) && v > 0) || n > 1 << 20) return null;
  const expected = Buffer.from(parts[5]!, 'base64');
  if (expected.length === 0) return null;
  return { n, r, p, salt: Buffer.from(parts[4]!, 'base64'), expected };
}

const maxmem = (h: Parsed) => 256 * h.n * h.r + 1024 * 1024;

/** Checks a password against a stored hash; a malformed hash never matches. */
export function verifyPassword(password: string, stored: string | null | undefined): boolean {
  const h = parse(stored);
  if (!h) return false;
  const actual = scryptSync(password, h.salt, h.expected.length, { N: h.n, r: h.r, p: h.p, maxmem: maxmem(h) });
  return timingSafeEqual(actual, h.expected);
}

/** verifyPassword off the event loop (scrypt runs in the thread pool), for sign-in requests. */
export function verifyPasswordAsync(password: string, stored: string | null | undefined): Promise<boolean> {
  const h = parse(stored);
  if (!h) return Promise.resolve(false);
  return new Promise((resolve, reject) => {
    scrypt(password, h.salt, h.expected.length, { N: h.n, r: h.r, p: h.p, maxmem: maxmem(h) }, (error, actual) =>
      error ? reject(error) : resolve(timingSafeEqual(actual, h.expected)));
  });
}

/** A hash to check against when the e-mail is unknown, so a wrong e-mail costs as much time as
 * a wrong password and response times do not reveal which accounts exist. */
let dummy: string | undefined;
export function dummyHash(): string {
  dummy ??= hashPassword(randomBytes(12).toString('hex'));
  return dummy;
}

/** hashPassword off the event loop (scrypt runs in the thread pool), for registration requests. */
export function hashPasswordAsync(password: string): Promise<string> {
  const salt = randomBytes(16);
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P }, (error, hash) =>
      error ? reject(error) : resolve(`scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`));
  });
}
