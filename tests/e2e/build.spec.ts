/**
 * The production build itself (HABITS 13 build.test, QUALITY S7): dist has the service worker with a
 * precache of the shell, the manifest copied from the root, and no secret anywhere in what ships,
 * also when the build ran with real-looking secrets in its environment.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

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

type ManifestScreenshot = { src: string; sizes: string; type: string; form_factor?: string };

test('the manifest lists a narrow and a wide screenshot, built into dist and served', async ({ request }) => {
  const manifest = JSON.parse(readFileSync('manifest.webmanifest', 'utf8')) as { screenshots?: ManifestScreenshot[] };
  const screenshots = manifest.screenshots ?? [];
  expect(screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
  for (const shot of screenshots) {
    const file = readFileSync(path.join(distDir, shot.src));
    // PNG signature, then IHDR width and height: they match what the manifest declares.
    expect(file.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(`${file.readUInt32BE(16)}x${file.readUInt32BE(20)}`).toBe(shot.sizes);
    const response = await request.get(shot.src);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('image/png');
  }
});

function offendersIn(dir: string, literals: string[] = []): string[] {
  return filesUnder(dir).filter((file) => {
    const text = readFileSync(file, 'latin1');
    return SECRET_PATTERNS.some((pattern) => pattern.test(text)) || literals.some((literal) => text.includes(literal));
  });
}

test('no secret ships in dist', async () => {
  expect(offendersIn(distDir)).toEqual([]);
});

/** Fake but well-formed secrets, in the environment of a build like a careless deploy would have them. */
const FAKE_BUILD_SECRETS: Record<string, string> = {
  STRIPE_SECRET_KEY: 'sk_test_fakeBuildScan0123456789abcdef',
  STRIPE_WEBHOOK_SECRET: 'whsec_fakeBuildScan0123456789abcdef',
  GOOGLE_MAPS_API_KEY: 'AIzaFakeBuildScan_0123456789abcdefghijk',
  GOOGLE_CLIENT_SECRET: 'GOCSPX-fakeBuildScan0123456789',
  POS_API_KEY: 'pos-fake-build-scan-0123456789',
  ADMIN_PASSWORD: 'fake-build-scan-admin-password',
  DATABASE_URL: 'postgres://scan:fakeBuildScanPassword@127.0.0.1:5432/scan',
};

test('a build made with secrets in its environment ships none of them', async () => {
  // One build is enough: the phone project would only repeat the same minute of work.
  if (test.info().project.name !== 'desktop') return;
  test.setTimeout(240_000);
  const outDir = mkdtempSync(path.join(tmpdir(), 'storefront-secret-scan-'));
  try {
    await promisify(execFile)(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
      {
        env: { ...process.env, ...FAKE_BUILD_SECRETS, VITE_OUT_DIR: outDir },
        timeout: 220_000,
      },
    );
    expect(statSync(path.join(outDir, 'index.html')).isFile()).toBe(true);
    expect(offendersIn(outDir, Object.values(FAKE_BUILD_SECRETS))).toEqual([]);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});
