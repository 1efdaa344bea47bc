/**
 * The daily backup (BACKUP_DIR + BACKUP_KEEP_DAYS, at BACKUP_TIME Bucharest time): a backup is due
 * when BACKUP_DIR holds none taken since the latest BACKUP_TIME at or before now, so a server that
 * was down at that time takes it when it starts. After each backup, those older than
 * BACKUP_KEEP_DAYS are deleted, never the newest. Time comes from the injected clock, so a test
 * fixes it and calls runIfDue(); the timer only asks every minute (docs/decisions/0101-backups.md).
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

import type { Clock } from '../../src/shared/clock';
import { bucharestOffsetMinutes } from '../../src/shared/domain/bucharest-clock';
import type { Logger } from '../lib/logger';
import type { BackupResult } from './backup';
import { backupDataDir, filesDirOf } from './backup';

/** How often the timer asks whether a backup is due. */
export const BACKUP_CHECK_INTERVAL_MS = 60_000;
const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;
/** The winter offset, for the rare instant the rule cannot place (before 1997). */
const FALLBACK_OFFSET_MINUTES = 120;
/** storefront-20261127T020000Z.sqlite: the UTC instant it was taken, sortable by name. */
const BACKUP_NAME = /^storefront-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.sqlite$/;

export function backupFileName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  return `storefront-${stamp}.sqlite`;
}

/** When a scheduled backup named `name` was taken, or null for a file that is not one. */
export function backupTakenAt(name: string): Date | null {
  const match = BACKUP_NAME.exec(name);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number) as [number, number, number, number, number, number, number];
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second));
}

/** The latest instant at or before `now` whose Bucharest wall clock reads `time` (HH:MM). */
export function latestSlotAtOrBefore(now: Date, time: string): Date {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const offsetAt = (ms: number) => bucharestOffsetMinutes(ms) ?? FALLBACK_OFFSET_MINUTES;
  const local = new Date(now.getTime() + offsetAt(now.getTime()) * MS_PER_MINUTE);
  for (let daysBack = 0; daysBack <= 2; daysBack += 1) {
    const wall = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - daysBack, hour, minute);
    // The offset at the slot itself (a summer-time switch may lie between it and now).
    const guess = wall - offsetAt(wall) * MS_PER_MINUTE;
    const slot = wall - offsetAt(guess) * MS_PER_MINUTE;
    if (slot <= now.getTime()) return new Date(slot);
  }
  return new Date(now.getTime() - MS_PER_DAY);
}

export interface BackupSchedule {
  /** Takes the backup if one is due now, then prunes; resolves to the backup taken, or null. */
  runIfDue(): Promise<BackupResult | null>;
  start(): void;
  stop(): Promise<void>;
}

export function createBackupSchedule(options: {
  clock: Clock;
  dataDir: string;
  backupDir: string;
  keepDays: number;
  /** HH:MM, Bucharest time. */
  time: string;
  logger: Logger;
}): BackupSchedule {
  const { clock, dataDir, backupDir, keepDays, time, logger } = options;
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<BackupResult | null> | null = null;

  const taken = () =>
    existsSync(backupDir)
      ? readdirSync(backupDir)
          .map((name) => ({ name, at: backupTakenAt(name) }))
          .filter((entry): entry is { name: string; at: Date } => entry.at !== null)
          .sort((a, b) => a.at.getTime() - b.at.getTime())
      : [];

  const prune = (now: Date) => {
    const all = taken();
    const cutoff = now.getTime() - keepDays * MS_PER_DAY;
    for (const entry of all.slice(0, -1)) {
      if (entry.at.getTime() >= cutoff) continue;
      rmSync(path.join(backupDir, entry.name), { force: true });
      rmSync(filesDirOf(path.join(backupDir, entry.name)), { recursive: true, force: true });
      logger.info('old backup deleted', { file: entry.name, keepDays });
    }
  };

  const runOnce = async (): Promise<BackupResult | null> => {
    const now = clock.now();
    const slot = latestSlotAtOrBefore(now, time);
    const newest = taken().at(-1);
    if (newest && newest.at.getTime() >= slot.getTime()) return null;
    mkdirSync(backupDir, { recursive: true });
    const result = await backupDataDir(dataDir, path.join(backupDir, backupFileName(now)), { exclude: [backupDir] });
    logger.info('backup taken', { file: result.file, bytes: result.bytes, files: result.filesDir !== null });
    prune(now);
    return result;
  };

  const runIfDue = () => {
    // One at a time: a slow backup is not started twice by the next tick.
    running ??= runOnce().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    runIfDue,
    start() {
      const tick = () =>
        void runIfDue().catch((error: unknown) => logger.error('scheduled backup failed', { error: String(error), backupDir }));
      tick();
      timer = setInterval(tick, BACKUP_CHECK_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}

/** Starts the daily backup when BACKUP_DIR and BACKUP_KEEP_DAYS are set (the process entry calls it); null otherwise. */
export function startScheduledBackups(
  env: { DATA_DIR: string; BACKUP_DIR?: string | undefined; BACKUP_KEEP_DAYS?: number | undefined; BACKUP_TIME: string },
  deps: { clock: Clock; logger: Logger },
): BackupSchedule | null {
  if (!env.BACKUP_DIR || !env.BACKUP_KEEP_DAYS) return null;
  const schedule = createBackupSchedule({
    clock: deps.clock,
    dataDir: env.DATA_DIR,
    backupDir: env.BACKUP_DIR,
    keepDays: env.BACKUP_KEEP_DAYS,
    time: env.BACKUP_TIME,
    logger: deps.logger,
  });
  schedule.start();
  return schedule;
}
