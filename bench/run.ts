/**
 * `npm run bench`: builds, starts the real server on 127.0.0.1 with a fresh data directory, runs the
 * performance rows of QUALITY.md one after another (never two heavy measurements at once), prints a
 * table and writes bench/results.json with the raw figures, the core count and the commit.
 * Exits non-zero when a hard limit is missed, when a row crashes or cannot be measured; only rows
 * left out on purpose (--only, --no-lighthouse) are "not measured". `--only P1,P7` runs those rows.
 * Row P6-PG (order creation on PostgreSQL, one vs two instances; issue 10) runs last when a
 * throwaway cluster is available (scripts/with-postgres.sh); it is informational, not a limit.
 * The growth rows of issue 26 come after it (minutes each; bench/growth.ts fits the curves): G1
 * orders in the store 10k-1M on SQLite and PostgreSQL (bench/order-curves.ts), G2 live order-status
 * streams 100-5,000 (bench/stream-curves.ts), G3 catalogue 51-2,000 dishes (bench/catalogue-curves.ts),
 * G4 the menu-dependent P-rows with a generated 500-dish / 40-option-group menu (bench/generated-catalogue.ts).
 * Their tables also go into bench/results.json on a partial run (replacing only the same G rows), so
 * `--only G1` keeps the last figures of every row in one file.
 */
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';

import { BUDGET, LAZY_EXEMPT, measureBundle, measureCatalogues } from '../scripts/check-bundle-size.mjs';
import { freePort, spawnServer } from '../tests/setup/spawn-server';
import { measureBrowserRows } from './browser';
import { measureLighthouse } from './lighthouse';
import { benchCatalogueCurves } from './catalogue-curves';
import { benchGeneratedCatalogue } from './generated-catalogue';
import { benchOrderCurves } from './order-curves';
import { benchOrderCreation } from './order-load';
import { benchPostgresScaleOut } from './pg-scale';
import type { Row } from './row';
import { benchStreamCurves } from './stream-curves';

const KIB = 1024;
const P5_THROUGHPUT_SECONDS = 10;
const P5_FIXED_RATE_PER_SECOND = 1000;
const P5_FIXED_RATE_SECONDS = 20;

/** `--only P1,P7`: the rows to run (P5 includes P5r); every row when absent. */
const onlyArg = process.argv.find((arg) => arg.startsWith('--only'));
const only = onlyArg
  ? new Set(
      (onlyArg.includes('=') ? onlyArg.split('=')[1]! : (process.argv[process.argv.indexOf(onlyArg) + 1] ?? '')).toUpperCase().split(','),
    )
  : null;
const wanted = (id: string) => !only || only.has(id);
/** `--dist DIR`: the build G3 serves to Chromium (default dist/, which the bench builds). */
const distArg = process.argv.includes('--dist') ? process.argv[process.argv.indexOf('--dist') + 1] : undefined;

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
  const refDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-ref-'));
  writeFileSync(path.join(refDir, 'menu.br'), bytes);
  // The reference: a bare node:http server answering the exact same bytes and headers, in its own
  // process (like our server), so it never shares an event loop with autocannon.
  const reference = spawn(process.execPath, ['-e', REFERENCE_SERVER, path.join(refDir, 'menu.br'), String(refPort), etag], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    reference.stdout.once('data', () => resolve());
    reference.once('exit', (code) => reject(new Error(`the reference server exited (${code})`)));
  });
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
    reference.kill('SIGTERM');
    rmSync(refDir, { recursive: true, force: true });
  }
}

const REFERENCE_SERVER = `
const { readFileSync } = require('node:fs');
const { createServer } = require('node:http');
const [file, port, etag] = process.argv.slice(1);
const bytes = readFileSync(file);
createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'br', etag, 'cache-control': 'no-cache' });
  res.end(bytes);
}).listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\\n'));
`;

function benchBundle() {
  const bundle = measureBundle('dist');
  const largestLazy = bundle.lazy.find((chunk) => !LAZY_EXEMPT.test(chunk.file));
  // Each language's words are loaded before the first render: the initial JS with each (issue 23).
  const catalogues = measureCatalogues('dist');
  const withWords = Object.entries(catalogues).map(([language, bytes]) => ({ language, bytes, initialJs: bundle.initialJs + bytes }));
  const heaviest = Math.max(bundle.initialJs, ...withWords.map((w) => w.initialJs));
  record({
    id: 'P1',
    figure: `initial JS ${(bundle.initialJs / KIB).toFixed(1)} KiB gzip${withWords.map((w) => `, with the ${w.language} words ${(w.initialJs / KIB).toFixed(1)} KiB`).join('')}, CSS ${(bundle.initialCss / KIB).toFixed(1)} KiB, largest lazy chunk except maps ${largestLazy ? `${largestLazy.file} ${(largestLazy.gzipBytes / KIB).toFixed(1)} KiB` : 'none'}`,
    target: `JS ≤ ${BUDGET.initialJsTargetKib} KiB (hard ${BUDGET.initialJsHardKib}), CSS ≤ ${BUDGET.initialCssKib} KiB, lazy chunks ≤ ${BUDGET.lazyChunkKib} KiB except maps`,
    pass:
      heaviest <= BUDGET.initialJsHardKib * KIB &&
      bundle.initialCss <= BUDGET.initialCssKib * KIB &&
      (largestLazy?.gzipBytes ?? 0) <= BUDGET.lazyChunkKib * KIB,
    hard: true,
    raw: {
      ...bundle,
      largestLazyExceptMaps: largestLazy ?? null,
      initialJsWithinTarget: heaviest <= BUDGET.initialJsTargetKib * KIB,
      cataloguesGzipBytes: catalogues,
    },
  });
}

/** Left out on purpose (--only, --no-lighthouse): reported, not failed. */
function notMeasured(id: string, target: string, reason: string) {
  record({ id, figure: `not measured: ${reason}`, target, pass: null, hard: false, raw: { reason } });
}

/** A row that should have been measured and was not (crashed, feature missing): a failure. */
function couldNotMeasure(id: string, target: string, reason: string) {
  record({ id, figure: `FAILED to measure: ${reason}`, target, pass: false, hard: true, raw: { reason } });
}

async function guarded(id: string, target: string, measure: () => Promise<void>) {
  try {
    await measure();
  } catch (error) {
    couldNotMeasure(id, target, error instanceof Error ? (error.message.split('\n')[0] ?? error.name) : String(error));
  }
}

async function benchScaleOut() {
  // process.env is read here (a bench script, not api/): the throwaway cluster scripts/with-postgres.sh started.
  const scale = await benchPostgresScaleOut(process.env.TEST_DATABASE_URL || undefined);
  if ('notMeasured' in scale) notMeasured('P6-PG', 'order creation on PostgreSQL, 1 vs 2 instances', scale.notMeasured);
  else record(scale);
}

async function main() {
  const skipBuild = process.argv.includes('--no-build');
  if (!skipBuild) execSync('npx vite build', { stdio: 'inherit' });
  if (wanted('P1')) benchBundle();
  else notMeasured('P1', 'bundle budget', 'not in --only');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-'));
  const server = await spawnServer({ dataDir, env: { STATIC_DIR: path.resolve('dist'), LOG_LEVEL: 'warn' } });
  try {
    if (process.argv.includes('--no-lighthouse')) notMeasured('P2', 'perf/a11y/best-practices ≥ 95', 'skipped by --no-lighthouse');
    else if (!wanted('P2')) notMeasured('P2', 'perf/a11y/best-practices ≥ 95', 'not in --only');
    else await guarded('P2', 'perf/a11y/best-practices ≥ 95', async () => void (await measureLighthouse(server.url, record)));
    const browserRows = ['P3', 'P4', 'P7'].filter(wanted);
    if (browserRows.length > 0) for (const row of await measureBrowserRows(server.url, browserRows)) record(row);
    if (wanted('P5')) await guarded('P5', '≥ 50% of bare node:http; p99 ≤ 25 ms at 1,000 req/s', () => benchMenuThroughput(server.url));
    if (wanted('P6'))
      await guarded('P6', 'order creation p99 ≤ 100 ms at 50 req/s', async () => {
        const orders = await benchOrderCreation(server.url);
        if ('notMeasured' in orders) couldNotMeasure('P6', 'order creation p99 ≤ 100 ms at 50 req/s', orders.notMeasured);
        else record(orders);
      });
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (wanted('P6-PG')) await benchScaleOut();
  // process.env is read here (a bench script, not api/): the throwaway cluster scripts/with-postgres.sh started.
  if (wanted('G1'))
    await guarded('G1', 'orders 10k-1M: flat, p99 < 50 ms at 1M', async () =>
      record(await benchOrderCurves(process.env.TEST_DATABASE_URL || undefined)),
    );
  if (wanted('G2'))
    await guarded('G2', 'streams 100-5,000: last delivery ≤ 1 s, linear memory, 429 past the cap', async () =>
      record(await benchStreamCurves()),
    );
  if (wanted('G3'))
    await guarded('G3', 'catalogue 51-2,000 dishes: /api/menu bytes and req/s', async () =>
      record(await benchCatalogueCurves(path.resolve(distArg ?? 'dist'))),
    );
  if (wanted('G4'))
    await guarded('G4', '500 dishes, 40 option groups: the menu-dependent P-rows', async () =>
      record(await benchGeneratedCatalogue(path.resolve(distArg ?? 'dist'), { lighthouse: !process.argv.includes('--no-lighthouse') })),
    );

  const commit = (() => {
    try {
      return execSync('git rev-parse --short HEAD').toString().trim();
    } catch {
      return 'unknown';
    }
  })();
  const results = { measuredAt: new Date().toISOString(), commit, cores: cpus().length, node: process.version, rows };
  // A partial run (--only) must not overwrite the figures of the last full one.
  const resultsFile = only ? 'bench/results-partial.json' : 'bench/results.json';
  writeFileSync(resultsFile, JSON.stringify(results, null, 2) + '\n');
  console.log(`\nwrote ${resultsFile}`);
  const curveRows = rows.filter((row) => row.id.startsWith('G'));
  if (only && curveRows.length > 0 && existsSync('bench/results.json')) {
    // The growth rows take minutes each and are usually run alone; their tables replace only the same
    // rows of the last full run's file, whose other figures stay as they were.
    const full = JSON.parse(readFileSync('bench/results.json', 'utf8')) as { rows: Row[]; curvesMeasuredAt?: Record<string, unknown> };
    const measured = new Set(curveRows.map((row) => row.id));
    full.rows = [...full.rows.filter((row) => !measured.has(row.id)), ...curveRows];
    full.curvesMeasuredAt = {
      ...full.curvesMeasuredAt,
      ...Object.fromEntries(curveRows.map((row) => [row.id, { measuredAt: results.measuredAt, commit }])),
    };
    writeFileSync('bench/results.json', JSON.stringify(full, null, 2) + '\n');
    console.log(`and the rows ${[...measured].join(', ')} into bench/results.json`);
  }
  const missed = rows.filter((row) => row.hard && row.pass === false);
  if (missed.length > 0) {
    console.error(`hard limits missed: ${missed.map((row) => row.id).join(', ')}`);
    process.exit(1);
  }
}

await main();
