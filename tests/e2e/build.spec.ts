/**
 * The production build itself (HABITS 13 build.test, QUALITY S7): dist has the service worker with a
 * precache of the shell, the manifest copied from the root, and no secret anywhere in what ships.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { expect, test } from './fixtures';

const distDir = process.env.E2E_STATIC_DIR ?? 'dist';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

// Stripe secret and restricted keys, webhook secrets, Google API keys, private keys.
const SECRET_PATTERNS = [
  /sk_(live|test)_[0-9a-zA-Z]{10,}/,
  /rk_(live|test)_[0-9a-zA-Z]{10,}/,
  /whsec_[0-9a-zA-Z]{10,}/,
  /AIza[0-9A-Za-z_-]{35}/,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
];

test('dist has the service worker, its precache and the root manifest', async () => {
  const sw = readFileSync(path.join(distDir, 'sw.js'), 'utf8');
  expect(sw).toContain('index.html');
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'manifest.webmanifest'), 'utf8')) as Record<string, unknown>;
  expect(manifest).toEqual(JSON.parse(readFileSync('manifest.webmanifest', 'utf8')));
  expect(readFileSync(path.join(distDir, 'index.html'), 'utf8')).toContain('rel="manifest"');
});

test('no secret ships in dist', async () => {
  const offenders = filesUnder(distDir).filter((file) => {
    const text = readFileSync(file, 'latin1');
    return SECRET_PATTERNS.some((pattern) => pattern.test(text));
  });
  expect(offenders).toEqual([]);
});
