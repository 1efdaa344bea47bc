/**
 * The orders module owns every order write (docs/decisions/0092-the-orders-module-owns-every-order-write.md),
 * checked by reading the source:
 * - only api/orders/, its query files in api/store/, the migrations and the seed write the orders
 *   tables (a query builder insert/update/delete on them, or raw SQL INSERT/UPDATE/DELETE);
 * - the write functions of those query files are called from api/orders/ only;
 * - nothing outside api/orders/ imports the module's internals: its public entry is api/orders/index.ts;
 * - order changes are published (order event bus, the boards' 'order-updated') from api/orders/ only.
 * Code that runs against a real store only (api/, scripts/): tests and the bench's fixtures
 * (bench/) fill throwaway stores with the states they measure directly.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ORDER_TABLES = ['orders', 'order_items', 'payment_sessions', 'payment_events', 'order_events', 'order_refunds'] as const;
const ORDERS_MODULE = 'api/orders/';
const ORDERS_ENTRY = 'api/orders/index.ts';
/** The orders module's query files: their writes are the module's to call. */
const OWNED_QUERY_FILES = ['api/store/orders-queries.ts', 'api/store/payments-queries.ts', 'api/store/order-events-queries.ts'];
/** Where the tables are made and first filled. */
const SCHEMA_WRITERS = [/^api\/store\/migrations\//, /^api\/store\/seed[^/]*\.ts$/];
/** Sources that run against a real store (tests and bench fixtures fill throwaway stores directly). */
const SCANNED_DIRS = ['api', 'scripts'];

function sourceFiles(dir: string): string[] {
  const absolute = path.join(ROOT, dir);
  const out: string[] = [];
  for (const name of readdirSync(absolute)) {
    const relative = path.posix.join(dir, name);
    if (statSync(path.join(ROOT, relative)).isDirectory()) out.push(...sourceFiles(relative));
    else if (/\.(ts|tsx|mts|mjs|js)$/.test(name) && !/\.test\.tsx?$/.test(name) && !/\.d\.m?ts$/.test(name)) out.push(relative);
  }
  return out;
}

/** Comments out, strings kept (raw SQL lives in strings and templates). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');
}

const TABLE_ALTERNATIVES = ORDER_TABLES.join('|');
const BUILDER_WRITE = new RegExp(
  String.raw`\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"\x60](${TABLE_ALTERNATIVES})\b`,
  'g',
);
const RAW_WRITE = new RegExp(
  String.raw`\b(insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from)\s+["\x60]?(${TABLE_ALTERNATIVES})\b["\x60]?\s`,
  'gi',
);

/** "file: what" for every write to an order table in `source`. */
export function orderTableWrites(file: string, source: string): string[] {
  const code = withoutComments(source);
  const found: string[] = [];
  for (const match of code.matchAll(BUILDER_WRITE)) found.push(`${file}: ${match[1]}('${match[2]}')`);
  for (const match of code.matchAll(RAW_WRITE)) {
    // Raw SQL is a string: ignore prose such as "update orders" in an identifier-free context by
    // requiring the statement to sit inside a string or template literal on its line.
    const lineStart = code.lastIndexOf('\n', match.index) + 1;
    const before = code.slice(lineStart, match.index);
    if (/['"\x60]/.test(before) || /sql\s*\x60/.test(before)) found.push(`${file}: SQL ${match[1]} ${match[2]}`);
  }
  return found;
}

/** The module-relative import specifiers of `source`, resolved to repository paths. */
function importsOf(file: string, source: string): { target: string; names: string[] }[] {
  const out: { target: string; names: string[] }[] = [];
  const pattern =
    /import\s+(type\s+)?([\s\S]*?)\s+from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|export\s+[^;]*?from\s+['"](\.[^'"]+)['"]/g;
  for (const match of withoutComments(source).matchAll(pattern)) {
    const specifier = match[3] ?? match[4] ?? match[5]!;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
    const names = (match[2] ?? '')
      .replace(/[{}]/g, ' ')
      .split(/[\s,]+/)
      .map((name) => name.replace(/^type\s+/, ''))
      .filter((name) => /^\w+$/.test(name) && name !== 'type' && name !== 'as');
    out.push({ target, names });
  }
  return out;
}

function isModuleEntry(target: string): boolean {
  return target === 'api/orders' || target === 'api/orders/index' || target === 'api/orders/index.ts';
}

/** Exported functions of a query file whose body writes a table. */
function writerFunctions(source: string): Set<string> {
  const writers = new Set<string>();
  const chunks = source.split(/(?=^export\s+(?:async\s+)?function\s)/m);
  for (const chunk of chunks) {
    const name = /^export\s+(?:async\s+)?function\s+(\w+)/.exec(chunk)?.[1];
    if (name && /\.(insertInto|updateTable|deleteFrom)\(/.test(chunk)) writers.add(name);
  }
  return writers;
}

const files = SCANNED_DIRS.flatMap((dir) => sourceFiles(dir));
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('the orders module owns every order write', () => {
  it('scans the server (sanity: the module and its callers are there)', () => {
    expect(files).toContain(ORDERS_ENTRY);
    expect(files).toContain('api/routes/orders.ts');
    for (const file of OWNED_QUERY_FILES) expect(files).toContain(file);
  });

  it('nothing outside api/orders/, its query files, the migrations and the seed writes the orders tables', () => {
    const allowed = (file: string) =>
      file.startsWith(ORDERS_MODULE) || OWNED_QUERY_FILES.includes(file) || SCHEMA_WRITERS.some((pattern) => pattern.test(file));
    const writes = files.filter((file) => !allowed(file)).flatMap((file) => orderTableWrites(file, read(file)));
    expect(writes).toEqual([]);
    // The owned files do write them (else the check above would prove nothing).
    expect(OWNED_QUERY_FILES.flatMap((file) => orderTableWrites(file, read(file))).length).toBeGreaterThanOrEqual(ORDER_TABLES.length);
  });

  it("the query files' writes are called from api/orders/ only", () => {
    const writers = new Map(OWNED_QUERY_FILES.map((file) => [file.replace(/\.ts$/, ''), writerFunctions(read(file))]));
    for (const names of writers.values()) expect(names.size).toBeGreaterThan(0);
    const offenders = files
      .filter((file) => !file.startsWith(ORDERS_MODULE))
      .flatMap((file) =>
        importsOf(file, read(file)).flatMap(({ target, names }) => {
          const owned = writers.get(target.replace(/\.ts$/, ''));
          return owned ? names.filter((name) => owned.has(name)).map((name) => `${file} imports ${name} from ${target}`) : [];
        }),
      );
    expect(offenders).toEqual([]);
  });

  it('nothing outside api/orders/ imports its internals; adapters, routes and jobs use api/orders/index.ts', () => {
    const offenders = files
      .filter((file) => !file.startsWith(ORDERS_MODULE))
      .flatMap((file) =>
        importsOf(file, read(file))
          .filter(({ target }) => target.startsWith('api/orders/') && !isModuleEntry(target))
          .map(({ target }) => `${file} imports ${target}`),
      );
    expect(offenders).toEqual([]);
    // The callers that need the module do reach it through its entry (the job queue, the webhook).
    for (const caller of ['api/jobs/outbox-worker.ts', 'api/routes/payments.ts']) {
      expect(importsOf(caller, read(caller)).some(({ target }) => isModuleEntry(target))).toBe(true);
    }
  });

  it('order changes are published from api/orders/ only', () => {
    // The admin stream's own poll (api/routes/admin-events.ts) writes to its one connection, not to the buses.
    const publishes = /\borderEvents\.publish\(|\bbus\.publish\(|\bliveEvents\.publish\(\s*\{\s*type:\s*['"]order-/g;
    const offenders = files
      .filter((file) => !file.startsWith(ORDERS_MODULE))
      .flatMap((file) => [...withoutComments(read(file)).matchAll(publishes)].map((match) => `${file}: ${match[0]}`));
    expect(offenders).toEqual([]);
    expect(read('api/orders/publish.ts')).toMatch(publishes);
  });
});

describe('the ownership check itself', () => {
  it('flags query builder and raw SQL writes to the orders tables, and nothing else', () => {
    expect(orderTableWrites('x.ts', "await trx\n  .updateTable('orders')\n  .set({ status })")).toEqual(["x.ts: updateTable('orders')"]);
    expect(orderTableWrites('x.ts', 'db.insertInto("payment_events").values(v)')).toHaveLength(1);
    expect(orderTableWrites('x.ts', "db.deleteFrom('order_refunds')")).toHaveLength(1);
    expect(orderTableWrites('x.ts', "trx.insertInto('order_events').values(v)")).toHaveLength(1);
    expect(orderTableWrites('x.ts', 'await sql`insert into order_events (order_id) values (1)`.execute(db)')).toHaveLength(1);
    expect(orderTableWrites('x.ts', 'await sql`UPDATE orders SET status = ${s}`.execute(db)')).toHaveLength(1);
    expect(orderTableWrites('x.ts', "db.prepare('insert into order_items (id) values (?)')")).toHaveLength(1);
    expect(orderTableWrites('x.ts', "db.selectFrom('orders').selectAll()")).toEqual([]);
    expect(orderTableWrites('x.ts', "db.updateTable('order_feedback').set(v)")).toEqual([]);
    expect(orderTableWrites('x.ts', '// we update orders here in prose\nconst a = 1;')).toEqual([]);
    expect(orderTableWrites('x.ts', "/* db.updateTable('orders') */")).toEqual([]);
  });

  it('finds the writers of a query file', () => {
    const source = [
      'export async function readIt(db) {',
      "  return db.selectFrom('orders').selectAll().execute();",
      '}',
      'export async function writeIt(db) {',
      "  await db.updateTable('orders').set({}).execute();",
      '}',
    ].join('\n');
    expect([...writerFunctions(source)]).toEqual(['writeIt']);
  });

  it('resolves imports to repository paths', () => {
    const source = "import { a, type B } from '../orders/status';\nimport type { C } from '../../api/orders';\nexport { d } from './x';";
    expect(importsOf('api/routes/r.ts', source)).toEqual([
      { target: 'api/orders/status', names: ['a', 'B'] },
      { target: 'api/orders', names: ['C'] },
      { target: 'api/routes/x', names: [] },
    ]);
  });
});
