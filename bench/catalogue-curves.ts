/**
 * Row G3 (issue 26, the catalogue curve): 51 (the seed), 500 and 2,000 dishes. Per size a fresh
 * store: the real server starts once to seed it, stops, the extra dishes are written straight into
 * its SQLite file (copies of the seeded dishes, each category in turn, with their modifier groups and
 * their own name and SKU: a bench fixture, not app code), and the server starts again on it. Then:
 *
 * - GET /api/menu bytes as sent: identity, gzip and brotli (the cache pre-compresses each once);
 * - GET /api/menu req/s with brotli, autocannon, 32 connections, a few seconds.
 *
 * The browser side (IndexedDB sync and read, first paint and full-menu search at 4x CPU) is not in
 * this row yet: see bench/HISTORY.md for what was and was not measured.
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
}

/** Copies seeded dishes (round robin) until the store holds `total` active dishes. */
export function growCatalogue(file: string, total: number): number {
  const db = new SqliteDatabase(file);
  try {
    const columns = (db.prepare('pragma table_info(menu_items)').all() as { name: string }[])
      .map((c) => c.name)
      .filter((name) => !['id', 'sku', 'name', 'sort_order'].includes(name));
    const originals = db.prepare('select id from menu_items order by id').all() as { id: number }[];
    const existing = originals.length;
    const insert = db.prepare(
      `insert into menu_items (sku, name, sort_order, ${columns.join(', ')})
       select ? , name || ' ' || ?, sort_order + ?, ${columns.join(', ')} from menu_items where id = ?`,
    );
    const links = db.prepare(
      `insert into menu_items_modifier_groups (menu_items_id, modifier_groups_id, sort_order)
       select ?, modifier_groups_id, sort_order from menu_items_modifier_groups where menu_items_id = ?`,
    );
    db.transaction(() => {
      for (let n = existing; n < total; n += 1) {
        const source = originals[n % existing]!.id;
        const copy = Math.floor(n / existing);
        const { lastInsertRowid } = insert.run(`BENCH-${n}`, `nr. ${copy + 1}`, copy * 1000, source);
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

async function measureSize(size: number): Promise<CatalogueMeasure> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-catalogue-'));
  const env = { LOG_LEVEL: 'warn' };
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
      return {
        dishes: menu.items.length,
        identityBytes,
        gzipBytes,
        brotliBytes,
        reqPerSec: load.requests.average,
        p99Ms: load.latency.p99,
        errors: load.errors + load.timeouts + load.non2xx,
      };
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchCatalogueCurves(
  sizes: readonly number[] = CATALOGUE_SIZES,
  log: (line: string) => void = console.log,
): Promise<Row> {
  const measures: CatalogueMeasure[] = [];
  for (const size of sizes) {
    const measure = await measureSize(size);
    log(`G3: ${measure.dishes} dishes, ${(measure.brotliBytes / KIB).toFixed(1)} KiB brotli, ${measure.reqPerSec.toFixed(0)} req/s`);
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
  log(`\n${table}\n${growth}\n`);
  const largest = measures.at(-1)!;
  return {
    id: 'G3',
    figure: `GET /api/menu at ${measures.map((m) => m.dishes).join(' / ')} dishes: brotli ${measures.map((m) => kib(m.brotliBytes)).join(' / ')}, gzip ${measures.map((m) => kib(m.gzipBytes)).join(' / ')}, ${measures.map((m) => m.reqPerSec.toFixed(0)).join(' / ')} req/s; ${growth}`,
    target: 'informational (the browser side of the curve is not measured here)',
    pass: largest.errors === 0 ? null : false,
    hard: false,
    raw: { sizes, measures, fits, table },
  };
}
