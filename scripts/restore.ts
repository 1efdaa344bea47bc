/**
 * npm run restore -- FILE: puts a backup made by `npm run backup` (FILE and FILE.files/) into the
 * stopped instance's DATA_DIR, after checking that it opens, is not damaged and was not written by a
 * newer build. A store already there is kept as storefront.sqlite.replaced-<time>. The next start
 * migrates the restored store forward. Exits 1 with the reason on refusal (api/ops/backup.ts).
 */
import { clockStartingAt, systemClock } from '../src/shared/clock';
import { readEnv } from '../api/env';
import { restoreDataDir } from '../api/ops/backup';

function main(): void {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) {
    process.stderr.write('usage: npm run restore -- FILE   (into DATA_DIR; stop the server first)\n');
    process.exit(2);
  }
  const env = readEnv();
  if (env.DATABASE_URL) {
    throw new Error('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md)');
  }
  const clock = env.CLOCK_START_AT ? clockStartingAt(new Date(env.CLOCK_START_AT)) : systemClock;
  const stamp = clock.now().toISOString().replace(/[:.]/g, '-');
  const result = restoreDataDir(file, env.DATA_DIR, stamp);
  process.stdout.write(`${JSON.stringify({ msg: 'backup restored', dataDir: env.DATA_DIR, ...result })}\n`);
}

try {
  main();
} catch (error) {
  process.stderr.write(`restore refused: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
