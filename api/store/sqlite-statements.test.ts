import SqliteDatabase from 'better-sqlite3';
import type { Generated } from 'kysely';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import { withStatementCache } from './sqlite-statements';

const opened: SqliteDatabase.Database[] = [];
afterEach(() => {
  for (const database of opened.splice(0)) if (database.open) database.close();
});

function counted(size?: number) {
  const database = new SqliteDatabase(':memory:');
  opened.push(database);
  const compiled: string[] = [];
  const cached = withStatementCache(
    {
      close: () => database.close(),
      prepare: (text) => {
        compiled.push(text);
        return database.prepare(text);
      },
    },
    size,
  );
  return { database, cached, compiled };
}

describe('withStatementCache', () => {
  it('compiles each SQL text once however often Kysely runs it', async () => {
    const { cached, compiled } = counted();
    const db = new Kysely<{ t: { id: Generated<number>; v: string } }>({ dialect: new SqliteDialect({ database: cached }) });
    await sql`create table t (id integer primary key, v text not null)`.execute(db);
    for (let i = 0; i < 20; i += 1) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('t')
          .values({ v: `row ${i}` })
          .execute();
      });
    }
    const rows = await db.selectFrom('t').selectAll().where('id', '>', 10).execute();
    expect(rows.map((row) => row.v)).toEqual(Array.from({ length: 10 }, (_, i) => `row ${i + 10}`));
    expect(compiled.filter((text) => text.startsWith('insert'))).toHaveLength(1);
    expect(compiled.filter((text) => text === 'begin')).toHaveLength(1);
    expect(compiled.filter((text) => text === 'commit')).toHaveLength(1);
    await db.destroy();
  });

  it('keeps at most `size` statements, dropping the least recently used', () => {
    const { cached, compiled } = counted(2);
    cached.prepare('select 1');
    cached.prepare('select 2');
    cached.prepare('select 1');
    cached.prepare('select 3'); // drops 'select 2', the least recently used
    cached.prepare('select 1');
    cached.prepare('select 2');
    expect(compiled).toEqual(['select 1', 'select 2', 'select 3', 'select 2']);
  });

  it('gives a fresh statement while the cached one is still stepping (an open iterate)', () => {
    const { database, cached } = counted();
    database.exec('create table n (x integer); insert into n values (1), (2), (3);');
    const first = cached.prepare('select x from n order by x');
    const iterator = first.iterate([]);
    expect(iterator.next().value).toEqual({ x: 1 });
    const second = cached.prepare('select x from n order by x');
    expect(second).not.toBe(first);
    expect(second.all([])).toEqual([{ x: 1 }, { x: 2 }, { x: 3 }]);
    expect([...iterator]).toEqual([{ x: 2 }, { x: 3 }]);
    expect(cached.prepare('select x from n order by x')).toBe(first);
  });
});
