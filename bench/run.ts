/**
 * `npm run bench`: builds, starts the real server on 127.0.0.1 with a fresh data directory, runs the
 * performance rows of QUALITY.md one after another (never two heavy measurements at once), prints a
 * table and writes bench/results.json with the raw figures, the core count and the commit.
 * Exits non-zero when a hard limit is missed. Rows whose feature has not landed yet are reported as
 * "not measured" with the reason, never as passed.
 * `--only S1` runs just that row (no build, no other rows; results.json is left alone).
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';

import { measureBundle } from '../scripts/check-bundle-size.mjs';
import { freePort, spawnServer } from '../tests/setup/spawn-server';
import { measureBrowserRows } from './browser';
import { measureLighthouse } from './lighthouse';
import { benchOrderCreation } from './order-load';
import { benchPostgresScaleOut } from './pg-scale';

const KIB = 1024;
const P5_THROUGHPUT_SECONDS = 10;
const P5_FIXED_RATE_PER_SECOND = 1000;
const P5_FIXED_RATE_SECONDS = 20;

export interface Row {
  id: string;
  figure: string;
  target: string;
  pass: boolean | null;
  hard: boolean;
  raw: Record<string, unknown>;
}

const rows: Row[] = [];
function record(row: Row) {
  rows.push(row);
  const verdict = row.pass === null ? 'n/a ' : row.pass ? 'PASS' : 'FAIL';
  console.log(`${verdict}  ${row.id.padEnd(5)} ${row.figure}  (target ${row.target})`);
}

async function benchMenuThroughput(baseUrl: string) {
  const menuResponse = await fetch(`${baseUrl}/api/menu`, { headers: { 'accept-encoding': 'br' } });
  const bytes = Buffer.from(await menuResponse.arrayBuffer());
  const etag = menuResponse.headers.get('etag') ?? '';
  const refPort = await freePort();
  // The reference: a bare node:http server answering the exact same bytes and headers.
  const reference = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'br', etag, 'cache-control': 'no-cache' });
    res.end(bytes);
  });
  await new Promise<void>((resolve) => reference.listen(refPort, '127.0.0.1', resolve));
  const headers = { 'accept-encoding': 'br' };
  try {
    const ours = await autocannon({ url: `${baseUrl}/api/menu`, connections: 32, duration: P5_THROUGHPUT_SECONDS, headers });
    const bare = await autocannon({ url: `http://127.0.0.1:${refPort}/`, connections: 32, duration: P5_THROUGHPUT_SECONDS, headers });
    const ratio = ours.requests.average / bare.requests.average;
    record({
      id: 'P5',
      figure: `GET /api/menu ${ours.requests.average.toFixed(0)} req/s vs bare node:http ${bare.requests.average.toFixed(0)} req/s = ${(ratio * 100).toFixed(0)}%`,
      target: '≥ 50% of bare node:http',
      pass: ratio >= 0.5 && ours.errors === 0 && ours.non2xx === 0,
      hard: true,
      raw: {
        oursReqPerSec: ours.requests.average,
        bareReqPerSec: bare.requests.average,
        ratio,
        bodyBytes: bytes.length,
        errors: ours.errors,
        non2xx: ours.non2xx,
      },
    });
    const fixed = await autocannon({
      url: `${baseUrl}/api/menu`,
      connections: 50,
      duration: P5_FIXED_RATE_SECONDS,
      overallRate: P5_FIXED_RATE_PER_SECOND,
      headers,
    });
    const errors = fixed.errors + fixed.timeouts + fixed.non2xx;
    record({
      id: 'P5r',
      figure: `GET /api/menu at ${P5_FIXED_RATE_PER_SECOND} req/s for ${P5_FIXED_RATE_SECONDS} s: p99 ${fixed.latency.p99} ms, ${errors} errors, ${fixed.requests.total} requests`,
      target: 'p99 ≤ 25 ms, 0 errors',
      pass: fixed.latency.p99 <= 25 && errors === 0,
      hard: true,
      raw: { p50: fixed.latency.p50, p99: fixed.latency.p99, max: fixed.latency.max, errors, total: fixed.requests.total },
    });
  } finally {
    await new Promise<void>((resolve) => reference.close(() => resolve()));
  }
}

function benchBundle() {
  const bundle = measureBundle('dist');
  record({
    id: 'P1',
    figure: `initial JS ${(bundle.initialJs / KIB).toFixed(1)} KiB gzip, CSS ${(bundle.initialCss / KIB).toFixed(1)} KiB, largest lazy chunk ${bundle.lazy[0] ? `${(bundle.lazy[0].gzipBytes / KIB).toFixed(1)} KiB` : 'none'}`,
    target: 'JS ≤ 150 KiB (hard 170), CSS ≤ 30 KiB, lazy chunks ≤ 60 KiB except maps',
    pass: bundle.initialJs <= 170 * KIB && bundle.initialCss <= 30 * KIB,
    hard: true,
    raw: bundle,
  });
}

function notMeasured(id: string, target: string, reason: string) {
  record({ id, figure: `not measured: ${reason}`, target, pass: null, hard: false, raw: { reason } });
}

async function benchScaleOut() {
  // process.env is read here (a bench script, not api/): the throwaway cluster scripts/with-postgres.sh started.
  const scale = await benchPostgresScaleOut(process.env.TEST_DATABASE_URL || undefined);
  if ('notMeasured' in scale) notMeasured('S1', 'order creation on PostgreSQL, 1 vs 2 instances', scale.notMeasured);
  else record(scale);
}

async function main() {
  const onlyIndex = process.argv.indexOf('--only');
  if (onlyIndex >= 0) {
    const only = process.argv[onlyIndex + 1];
    if (only !== 'S1') throw new Error(`--only supports S1 (the other rows share one build and one server); got ${only}`);
    await benchScaleOut();
    return;
  }
  const skipBuild = process.argv.includes('--no-build');
  if (!skipBuild) execSync('npx vite build', { stdio: 'inherit' });
  benchBundle();

  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-'));
  const server = await spawnServer({ dataDir, env: { STATIC_DIR: path.resolve('dist'), LOG_LEVEL: 'warn' } });
  try {
    if (process.argv.includes('--no-lighthouse')) notMeasured('P2', 'perf/a11y/best-practices ≥ 95', 'skipped by --no-lighthouse');
    else for (const row of await measureLighthouse(server.url)) record(row);
    for (const row of await measureBrowserRows(server.url)) record(row);
    await benchMenuThroughput(server.url);
    const orders = await benchOrderCreation(server.url);
    if ('notMeasured' in orders) notMeasured('P6', 'order creation p99 ≤ 100 ms at 50 req/s', orders.notMeasured);
    else record(orders);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  await benchScaleOut();

  const commit = (() => {
    try {
      return execSync('git rev-parse --short HEAD').toString().trim();
    } catch {
      return 'unknown';
    }
  })();
  const results = { measuredAt: new Date().toISOString(), commit, cores: cpus().length, node: process.version, rows };
  writeFileSync('bench/results.json', JSON.stringify(results, null, 2) + '\n');
  console.log('\nwrote bench/results.json');
  const missed = rows.filter((row) => row.hard && row.pass === false);
  if (missed.length > 0) {
    console.error(`hard limits missed: ${missed.map((row) => row.id).join(', ')}`);
    process.exit(1);
  }
}

await main();
