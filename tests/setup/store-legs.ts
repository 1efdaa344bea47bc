/**
 * The store legs of an API test file: SQLite always, and PostgreSQL when TEST_DATABASE_URL names a
 * throwaway cluster (scripts/with-postgres.sh; `npm test` always does). One home for what each file
 * wrote for itself: which legs run (saying once why PostgreSQL did not), and an app on a leg's store
 * whose close also drops its fresh PostgreSQL database.
 */
import { createTestDatabase, reportPostgresSkipped, TEST_DATABASE_URL } from './postgres';
import type { TestApp, TestAppOptions } from './test-app';
import { createTestApp } from './test-app';

export type StoreLeg = 'sqlite' | 'postgres';

/** The legs this run has for `file` (the test file's path, for the skip report). */
export function storeLegs(file: string): StoreLeg[] {
  return postgresLegRuns(file) ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** Whether `file`'s PostgreSQL-only tests run; when not, says why once. */
export function postgresLegRuns(file: string): boolean {
  reportPostgresSkipped(`the PostgreSQL leg of ${file}`);
  return TEST_DATABASE_URL !== undefined;
}

/**
 * A test app on the leg's store. On PostgreSQL: a database of its own (named from `databasePrefix`,
 * so a failed run's leftovers say which file made them), dropped when the app closes.
 */
export async function createLegApp(leg: StoreLeg, databasePrefix: string, options: TestAppOptions = {}): Promise<TestApp> {
  if (leg === 'sqlite') return createTestApp(options);
  const database = await createTestDatabase(databasePrefix);
  const app = await createTestApp({ ...options, env: { ...options.env, DATABASE_URL: database.url } });
  return {
    ...app,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
