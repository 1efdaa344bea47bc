/**
 * Row G3 (issue 26, the catalogue curve): 51 (the seed), 500 and 2,000 dishes. Per size a fresh
 * store: the real server starts once to seed it, stops, the extra dishes are written straight into
 * its SQLite file (copies of the seeded dishes, each category in turn, with their modifier groups and
 * their own name and SKU: a bench fixture, not app code), and the server starts again on it. Then:
 *
 * - GET /api/menu bytes as sent: identity, gzip and brotli (the cache pre-compresses each once);
 * - GET /api/menu req/s with brotli, autocannon, 32 connections, a few seconds;
 * - in Chromium at 4x CPU, the browser rows of bench/browser.ts against that catalogue: P3 (menu
 *   painted after an offline reload), P4 (worst interaction, full-menu search among them) and P7 (the
 *   menu synced into IndexedDB and read back), each with its own figure.
 *
 * The copies share their originals' descriptions, so the compressed bytes are a lower bound for a
 * real catalogue of that size (the JSON bytes are not).
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';
import SqliteDatabase from 'better-sqlite3';

import { SQLITE_FILE_NAME } from '../api/store/store';
import type { SpawnedServer } from '../tests/setup/spawn-server';
import { spawnServer } from '../tests/setup/spawn-server';
import { measureBrowserRows } from './browser';
import { describeGrowth, formatTable, growthExponent } from './growth';
import type { Row } from './row';

export const CATALOGUE_SIZES = [51, 500, 2_000] as const;
const THROUGHPUT_SECONDS = 5;
const CONNECTIONS = 32;
const KIB = 1024;

export interface CatalogueMeasure {
  dishes: number;
  identityBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  reqPerSec: number;
  p99Ms: number;
  errors: number;
  /** The browser rows at this size: id -> figure and raw (absent when not measured). */
  browser: Record<string, { figure: string; pass: boolean | null; raw: Record<string, unknown> }>;
}

/** The browser rows measured at each size (bench/browser.ts). */
const BROWSER_ROWS = ['P3', 'P4', 'P7'];

/** Copies seeded dishes (round robin) until the store holds `total` active dishes. */
export function growCatalogue(file: string, total: number): number {
  const db = new SqliteDatabase(file);
  try {
    const columns = (db.prepare('pragma table_info(menu_items)').all() as { name: string }[])
      .map((c) => c.name)
      .filter((name) => !['id', 'sku', 'name', 'name_en', 'sort_order'].includes(name));
    const originals = db.prepare('select id from menu_items order by id').all() as { id: number }[];
    const existing = originals.length;
    const insert = db.prepare(
      // Each copy's English name is numbered too (an English page names dishes in English): "Fries nr. 2".
      `insert into menu_items (sku, name, name_en, sort_order, ${columns.join(', ')})
       select ? , name || ' ' || ?, name_en || ' ' || ?, sort_order + ?, ${columns.join(', ')} from menu_items where id = ?`,
    );
    const links = db.prepare(
      `insert into menu_items_modifier_groups (menu_items_id, modifier_groups_id, sort_order)
       select ?, modifier_groups_id, sort_order from menu_items_modifier_groups where menu_items_id = ?`,
    );
    db.transaction(() => {
      for (let n = existing; n < total; n += 1) {
        const source = originals[n % existing]!.id;
        const copy = Math.floor(n / existing);
        const { lastInsertRowid } = insert.run(`BENCH-${n}`, `nr. ${copy + 1}`, `nr. ${copy + 1}`, copy * 1000, source);
        links.run(Number(lastInsertRowid), source);
      }
    })();
    return (db.prepare('select count(*) as n from menu_items where is_active = 1').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** The menu's bytes as sent for one accept-encoding (fetch would decompress them). */
function menuBytes(server: SpawnedServer, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}/api/menu`, { headers: { 'accept-encoding': encoding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => {
          const sent = response.headers['content-encoding'] ?? 'identity';
          if (sent !== encoding) reject(new Error(`asked for ${encoding}, got ${sent}`));
          else resolve(bytes);
        });
      })
      .on('error', reject);
  });
}

async function measureSize(size: number, staticDir: string | null): Promise<CatalogueMeasure> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-catalogue-'));
  const env: Record<string, string> = { LOG_LEVEL: 'warn', ...(staticDir ? { STATIC_DIR: staticDir } : {}) };
  try {
    const seeding = await spawnServer({ dataDir, env });
    seeding.child.kill('SIGTERM');
    await seeding.exited;
    const dishes = growCatalogue(path.join(dataDir, SQLITE_FILE_NAME), size);
    const server = await spawnServer({ dataDir, env });
    try {
      const menu = (await (await fetch(`${server.url}/api/menu`)).json()) as { items: unknown[] };
      if (menu.items.length < Math.min(size, dishes)) throw new Error(`the menu lists ${menu.items.length} dishes, the store ${dishes}`);
      const identityBytes = await menuBytes(server, 'identity');
      const gzipBytes = await menuBytes(server, 'gzip');
      const brotliBytes = await menuBytes(server, 'br');
      const load = await autocannon({
        url: `${server.url}/api/menu`,
        connections: CONNECTIONS,
        duration: THROUGHPUT_SECONDS,
        headers: { 'accept-encoding': 'br' },
      });
      const browser = staticDir
        ? Object.fromEntries(
            (await measureBrowserRows(server.url, BROWSER_ROWS)).map((row) => [
              row.id,
              { figure: row.figure, pass: row.pass, raw: row.raw },
            ]),
          )
        : {};
      return {
        dishes: menu.items.length,
        identityBytes,
        gzipBytes,
        brotliBytes,
        reqPerSec: load.requests.average,
        p99Ms: load.latency.p99,
        errors: load.errors + load.timeouts + load.non2xx,
        browser,
      };
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** staticDir: a build (vite build) to serve for the browser rows; null leaves them out. */
export async function benchCatalogueCurves(
  staticDir: string | null,
  sizes: readonly number[] = CATALOGUE_SIZES,
  log: (line: string) => void = console.log,
): Promise<Row> {
  const measures: CatalogueMeasure[] = [];
  for (const size of sizes) {
    const measure = await measureSize(size, staticDir);
    log(`G3: ${measure.dishes} dishes, ${(measure.brotliBytes / KIB).toFixed(1)} KiB brotli, ${measure.reqPerSec.toFixed(0)} req/s`);
    for (const [id, row] of Object.entries(measure.browser)) log(`G3: ${measure.dishes} dishes, ${id}: ${row.figure}`);
    measures.push(measure);
  }
  const fit = (value: (m: CatalogueMeasure) => number) => growthExponent(measures.map((m) => ({ size: m.dishes, value: value(m) })));
  const fits = {
    identity: fit((m) => m.identityBytes),
    gzip: fit((m) => m.gzipBytes),
    brotli: fit((m) => m.brotliBytes),
    reqPerSec: fit((m) => m.reqPerSec),
  };
  const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;
  const table = formatTable(
    ['dishes', 'JSON', 'gzip', 'brotli', 'req/s (br)', 'p99', 'errors'],
    measures.map((m) => [
      String(m.dishes),
      kib(m.identityBytes),
      kib(m.gzipBytes),
      kib(m.brotliBytes),
      m.reqPerSec.toFixed(0),
      `${m.p99Ms} ms`,
      String(m.errors),
    ]),
  );
  const growth = `growth: brotli bytes ${fits.brotli?.toFixed(2) ?? '-'} (${describeGrowth(fits.brotli)}), req/s ${fits.reqPerSec?.toFixed(2) ?? '-'}`;
  const browserLines = measures.flatMap((m) => Object.entries(m.browser).map(([id, row]) => `${m.dishes} dishes, ${id}: ${row.figure}`));
  log(`\n${table}\n${growth}\n${browserLines.join('\n')}\n`);
  const browserMissed = measures.flatMap((m) =>
    Object.entries(m.browser)
      .filter(([, row]) => row.pass === false)
      .map(([id]) => `${id} at ${m.dishes}`),
  );
  const largest = measures.at(-1)!;
  return {
    id: 'G3',
    figure: `GET /api/menu at ${measures.map((m) => m.dishes).join(' / ')} dishes: brotli ${measures.map((m) => kib(m.brotliBytes)).join(' / ')}, gzip ${measures.map((m) => kib(m.gzipBytes)).join(' / ')}, ${measures.map((m) => m.reqPerSec.toFixed(0)).join(' / ')} req/s; ${growth}${browserMissed.length > 0 ? `; browser rows missed: ${browserMissed.join(', ')}` : staticDir ? '; P3/P4/P7 within their limits at every size' : '; browser rows not measured'}`,
    target: 'informational; at 4x CPU the P3/P4/P7 limits at every size',
    pass: largest.errors === 0 && browserMissed.length === 0 ? (staticDir ? true : null) : false,
    hard: false,
    raw: { sizes, measures, fits, table, browserLines },
  };
}
