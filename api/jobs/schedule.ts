/**
 * When the job queue runs: the retry backoff and the wake-ups (a poll, and a nudge after new work),
 * in one place (docs/decisions/0093-one-job-queue-with-handlers-by-kind.md).
 */
import type { Logger } from '../lib/logger';

export const OUTBOX_RETRY_BASE_MS = 2_000;
export const OUTBOX_RETRY_MAX_MS = 5 * 60_000;
export const OUTBOX_POLL_INTERVAL_MS = 1_000;
/**
 * A nudge (a new order) starts a pass only after this long without another nudge: orders placed in
 * a rush are handed off together once it pauses, instead of one pass per order competing with the
 * next orders for the event loop and the store (order creation stays fast in a rush:
 * docs/decisions/0066-kitchen-hand-off-after-the-rush.md). The poll skips its
 * turn while a nudge is pending, for at most one interval: under non-stop traffic a hand-off waits
 * at most two OUTBOX_POLL_INTERVAL_MS.
 */
export const OUTBOX_NUDGE_QUIET_MS = 50;
/** Rounds of a batch each one wake-up takes before yielding to the next wake-up. */
const MAX_ROUNDS_PER_WAKE = 100;

/** Full-jitter exponential backoff: random in [0, min(max, base * 2^(attempt-1))], at least base/2. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.max(Math.floor(baseMs / 2), Math.floor(random() * ceiling));
}

export interface WakeUps {
  start(intervalMs: number, nudgeQuietMs: number): void;
  /** Stops the timers and the nudge subscription; returns at once (the caller waits for its pass). */
  stop(): void;
}

/**
 * Runs `runOnce` on every poll and `nudgeQuietMs` after the last nudge, each time taking every due
 * row a batch at a time (a rush of N rows is N / batchSize passes, not N).
 */
export function createWakeUps(options: {
  runOnce: () => Promise<number>;
  batchSize: number;
  /** Subscribes to "new work" nudges; returns the unsubscribe function. */
  onNudge: (listener: () => void) => () => void;
  logger: Logger;
}): WakeUps {
  let timer: ReturnType<typeof setInterval> | null = null;
  let nudgeTimer: ReturnType<typeof setTimeout> | null = null;
  /** When the pending nudge timer was first set (performance.now()): a rush defers the poll only this long. */
  let nudgedAt = 0;
  let stopped = false;
  let unsubscribe: (() => void) | null = null;

  const takeDue = async () => {
    for (let round = 0; round < MAX_ROUNDS_PER_WAKE && !stopped; round += 1) {
      if ((await options.runOnce()) < options.batchSize) return;
    }
  };
  const tick = () => {
    if (stopped) return;
    takeDue().catch((error: unknown) => options.logger.error('outbox pass failed', { error: String(error) }));
  };

  return {
    start(intervalMs, nudgeQuietMs) {
      if (timer) return;
      stopped = false;
      // The poll leaves a rush to the nudge timer, unless the rush has gone on for a whole interval.
      timer = setInterval(() => {
        if (nudgeTimer && performance.now() - nudgedAt < intervalMs) return;
        tick();
      }, intervalMs);
      timer.unref();
      unsubscribe = options.onNudge(() => {
        if (stopped) return;
        // Restarted by every nudge (refresh keeps the one timer): the pass waits for a pause.
        if (nudgeTimer) nudgeTimer.refresh();
        else {
          nudgedAt = performance.now();
          nudgeTimer = setTimeout(() => {
            nudgeTimer = null;
            tick();
          }, nudgeQuietMs);
          nudgeTimer.unref();
        }
      });
      tick();
    },
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      if (nudgeTimer) clearTimeout(nudgeTimer);
      nudgeTimer = null;
      unsubscribe?.();
      unsubscribe = null;
    },
  };
}
