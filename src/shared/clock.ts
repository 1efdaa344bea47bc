/**
 * Time is an input. Every time-dependent rule takes `now` from a Clock so tests can fix it;
 * nothing in domain code calls Date.now() on its own.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that starts at `startAt` and advances in real time (used to pin the hour of day in tests). */
export function clockStartingAt(startAt: Date, realNow: () => number = Date.now): Clock {
  const realStart = realNow();
  return { now: () => new Date(startAt.getTime() + (realNow() - realStart)) };
}

/** A clock that only moves when told to. */
export function manualClock(startAt: Date): Clock & { advanceMs(ms: number): void; set(at: Date): void } {
  let current = startAt.getTime();
  return {
    now: () => new Date(current),
    advanceMs: (ms) => {
      current += ms;
    },
    set: (at) => {
      current = at.getTime();
    },
  };
}
