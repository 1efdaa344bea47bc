/**
 * npm run backup -- FILE: a consistent copy of the (possibly running) SQLite store in DATA_DIR, taken
 * with SQLite's online backup API, plus DATA_DIR's other files in FILE.files/ (api/ops/backup.ts).
 * PostgreSQL stores are backed up with pg_dump (docs/operations.md). Exits 1 with the reason on failure.
 */
import { readEnv } from '../api/env';
import { backupDataDir } from '../api/ops/backup';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) {
    process.stderr.write('usage: npm run backup -- FILE   (DATA_DIR names the store to copy)\n');
    process.exit(2);
  }
  const env = readEnv();
  if (env.DATABASE_URL) {
    throw new Error('DATABASE_URL is set: back up PostgreSQL with pg_dump --format=custom (docs/operations.md)');
  }
  const result = await backupDataDir(env.DATA_DIR, file, { exclude: env.BACKUP_DIR ? [env.BACKUP_DIR] : [] });
  process.stdout.write(`${JSON.stringify({ msg: 'backup taken', ...result })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
