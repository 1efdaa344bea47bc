/**
 * The daily backup's timing with a fixed clock: due once per day at BACKUP_TIME Bucharest time (and at
 * start when overdue), pruned after BACKUP_KEEP_DAYS with the newest always kept.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { manualClock } from '../../src/shared/clock';
import { parseEnv } from '../env';
import { createLogger } from '../lib/logger';
import { openSqliteStore } from '../store/store';
import { backupFileName, backupTakenAt, createBackupSchedule, latestSlotAtOrBefore } from './backup-schedule';

const dirs: string[] = [];
const makeTempDir = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));
let dataDir: string;

beforeAll(async () => {
  dataDir = makeTempDir('storefront-schedule-');
  dirs.push(dataDir);
  const store = await openSqliteStore(dataDir);
  await store.close();
});

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('latestSlotAtOrBefore', () => {
  it('finds the last 04:00 in Bucharest, winter (UTC+2) and summer (UTC+3)', () => {
    expect(latestSlotAtOrBefore(new Date('2026-11-27T01:59:00Z'), '04:00').toISOString()).toBe('2026-11-26T02:00:00.000Z');
    expect(latestSlotAtOrBefore(new Date('2026-11-27T02:00:00Z'), '04:00').toISOString()).toBe('2026-11-27T02:00:00.000Z');
    expect(latestSlotAtOrBefore(new Date('2026-07-01T01:00:00Z'), '04:00').toISOString()).toBe('2026-07-01T01:00:00.000Z');
    expect(latestSlotAtOrBefore(new Date('2026-07-01T00:59:00Z'), '04:00').toISOString()).toBe('2026-06-30T01:00:00.000Z');
    // The night summer time ends (25 Oct 2026, 04:00 EEST = 01:00 UTC).
    expect(latestSlotAtOrBefore(new Date('2026-10-25T12:00:00Z'), '04:00').toISOString()).toBe('2026-10-25T02:00:00.000Z');
    // Late evening in Bucharest is already the next day there.
    expect(latestSlotAtOrBefore(new Date('2026-11-27T23:30:00Z'), '00:30').toISOString()).toBe('2026-11-27T22:30:00.000Z');
  });

  it('names backups by their UTC instant and reads the name back', () => {
    const at = new Date('2026-11-27T02:00:05.123Z');
    expect(backupFileName(at)).toBe('storefront-20261127T020005Z.sqlite');
    expect(backupTakenAt(backupFileName(at))?.toISOString()).toBe('2026-11-27T02:00:05.000Z');
    expect(backupTakenAt('storefront-20261127T020005Z.sqlite.files')).toBeNull();
  });
});

describe('the daily backup', () => {
  it('runs at start when overdue, once a day at BACKUP_TIME, and keeps BACKUP_KEEP_DAYS of them', async () => {
    const backupDir = path.join(makeTempDir('storefront-backups-'), 'backups');
    dirs.push(path.dirname(backupDir));
    const clock = manualClock(new Date('2026-11-27T01:59:00Z'));
    const schedule = createBackupSchedule({
      clock,
      dataDir,
      backupDir,
      keepDays: 2,
      time: '04:00',
      logger: createLogger('silent'),
    });
    const names = () => readdirSync(backupDir).sort();

    // 03:59 in Bucharest and no backup yet: yesterday's is overdue.
    expect((await schedule.runIfDue())?.file).toBe(path.join(backupDir, 'storefront-20261127T015900Z.sqlite'));
    expect(await schedule.runIfDue()).toBeNull();
    clock.set(new Date('2026-11-27T02:00:00Z'));
    expect(await schedule.runIfDue()).not.toBeNull();
    clock.set(new Date('2026-11-27T09:00:00Z'));
    expect(await schedule.runIfDue()).toBeNull();
    expect(names()).toEqual(['storefront-20261127T015900Z.sqlite', 'storefront-20261127T020000Z.sqlite']);

    for (const day of ['28', '29', '30']) {
      clock.set(new Date(`2026-11-${day}T02:00:30Z`));
      expect(await schedule.runIfDue(), day).not.toBeNull();
    }
    // On the 30th at 04:00, the ones taken more than 2 days earlier (the 27th's) are gone.
    expect(names()).toEqual([
      'storefront-20261128T020030Z.sqlite',
      'storefront-20261129T020030Z.sqlite',
      'storefront-20261130T020030Z.sqlite',
    ]);

    // A server stopped for a month starts, takes one, and the newest is never deleted for its age.
    clock.set(new Date('2026-12-30T10:00:00Z'));
    expect(await schedule.runIfDue()).not.toBeNull();
    expect(names()).toEqual(['storefront-20261230T100000Z.sqlite']);
    await schedule.stop();
  });
});

describe('the backup and metrics settings', () => {
  const base = { NODE_ENV: 'test' };
  it('takes BACKUP_DIR and BACKUP_KEEP_DAYS together, for SQLite only, and BACKUP_TIME as HH:MM', () => {
    expect(parseEnv({ ...base, BACKUP_DIR: '/backups', BACKUP_KEEP_DAYS: '14' })).toMatchObject({
      BACKUP_DIR: '/backups',
      BACKUP_KEEP_DAYS: 14,
      BACKUP_TIME: '04:00',
    });
    expect(() => parseEnv({ ...base, BACKUP_DIR: '/backups' })).toThrow(/BACKUP_DIR and BACKUP_KEEP_DAYS are set together/);
    expect(() => parseEnv({ ...base, BACKUP_KEEP_DAYS: '14' })).toThrow(/BACKUP_DIR and BACKUP_KEEP_DAYS are set together/);
    expect(() => parseEnv({ ...base, BACKUP_DIR: '/b', BACKUP_KEEP_DAYS: '0' })).toThrow(/BACKUP_KEEP_DAYS/);
    expect(() => parseEnv({ ...base, BACKUP_DIR: '/b', BACKUP_KEEP_DAYS: '7', DATABASE_URL: 'postgres://u@h/db' })).toThrow(/use pg_dump/);
    expect(() => parseEnv({ ...base, BACKUP_TIME: '4:00' })).toThrow(/BACKUP_TIME must be HH:MM/);
    expect(() => parseEnv({ ...base, BACKUP_TIME: '24:00' })).toThrow(/BACKUP_TIME/);
    expect(parseEnv({ ...base, BACKUP_TIME: '23:59' }).BACKUP_TIME).toBe('23:59');
  });

  it('wants a METRICS_TOKEN long enough not to be guessed', () => {
    expect(() => parseEnv({ ...base, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN needs at least 16 characters/);
    expect(parseEnv({ ...base, METRICS_TOKEN: 'a'.repeat(32) }).METRICS_TOKEN).toBe('a'.repeat(32));
    expect(parseEnv(base).METRICS_TOKEN).toBeUndefined();
  });
});
