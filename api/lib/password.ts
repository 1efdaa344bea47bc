/**
 * Password hashing with scrypt at OWASP strength (N=2^17, r=8, p=1). node's crypto.scrypt runs on
 * the libuv thread pool, so hashing never blocks the event loop. At most PASSWORD_HASH_CONCURRENCY
 * hashes run at once (issue 21, defect 12): the pool's four threads also serve file and DNS work, and
 * each hash holds 128 MiB, so a flood of logins waits its turn instead of starving the rest of the
 * server; past PASSWORD_HASH_QUEUE_MAX waiting hashes the request is refused with 503 + Retry-After.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

import pLimit from 'p-limit';

import { apiError, HTTP_STATUS } from './http-errors';

export const PASSWORD_HASH_CONCURRENCY = 2;
export const PASSWORD_HASH_QUEUE_MAX = 64;
const BUSY_RETRY_AFTER_SECONDS = 5;
const hashLimit = pLimit(PASSWORD_HASH_CONCURRENCY);

/** Hashes running now and waiting, for tests and metrics. */
export function passwordHashLoad(): { active: number; pending: number } {
  return { active: hashLimit.activeCount, pending: hashLimit.pendingCount };
}

/** OWASP's scrypt strength: every production hash. */
export const SCRYPT_LOG2_N = 17;
/**
 * The cost new hashes use. Only PASSWORD_HASH_TEST_LOG2_N (test servers: api/bootstrap.ts) lowers it,
 * because every sign-up and sign-in of the test suites would otherwise spend ~0.5 s of CPU on the
 * hash. A hash records its own cost, so one made at either cost verifies under both.
 */
let newHashLog2N = SCRYPT_LOG2_N;
export function setPasswordHashCostForTests(log2N: number): void {
  newHashLog2N = log2N;
}
const SCRYPT_R = 8;
const SCRYPT_P = 1;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
// scrypt needs 128 * N * r bytes; leave headroom over the 128 MiB that N=2^17, r=8 takes.
const SCRYPT_MAXMEM = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  if (hashLimit.pendingCount >= PASSWORD_HASH_QUEUE_MAX) {
    return Promise.reject(
      apiError(HTTP_STATUS.SERVICE_UNAVAILABLE, 'busy', 'The server is busy. Please try again in a few seconds.', {
        retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
      }),
    );
  }
  return hashLimit(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: SCRYPT_MAXMEM }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

/** "scrypt$N$r$p$salt$hash" (base64url parts), self-describing so parameters can rise later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const n = 2 ** newHashLog2N;
  const key = await derive(password, salt, n, SCRYPT_R, SCRYPT_P);
  return ['scrypt', n, SCRYPT_R, SCRYPT_P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
