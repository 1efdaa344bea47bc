import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { NotificationType } from './notify';
import { notificationsAtom, notify, scheduleAutoDismiss } from './notify';
import { appStore } from './store';

const shown = () => appStore.get(notificationsAtom);

/** Show a notification as the toaster does: notify, then start its auto-close timer. */
function show(type: NotificationType, title: string): () => void {
  const id = notify({ type, title });
  return scheduleAutoDismiss({ id, type });
}

beforeEach(() => {
  vi.useFakeTimers();
  appStore.set(notificationsAtom, []);
});
afterEach(() => vi.useRealTimers());

describe('notifications', () => {
  it.each([
    ['success', 4200],
    ['warning', 5500],
    ['error', 7000],
  ] as const)('a %s toast closes by itself after exactly %i ms', (type, ms) => {
    show(type, 'Hello');
    vi.advanceTimersByTime(ms - 1);
    expect(shown()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
  });

  it('shows one at a time: the newest replaces the older, and the older timer never closes it', () => {
    const cancelFirst = show('success', 'First');
    vi.advanceTimersByTime(4000);
    show('error', 'Second');
    // The toaster unmounts the replaced toast, cancelling its timer.
    cancelFirst();
    expect(shown().map((n) => n.title)).toEqual(['Second']);
    vi.advanceTimersByTime(6999);
    expect(shown().map((n) => n.title)).toEqual(['Second']);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
  });

  it('the replaced toast timer closes only its own notification even if left running', () => {
    show('success', 'First');
    show('warning', 'Second');
    vi.advanceTimersByTime(4200);
    expect(shown().map((n) => n.title)).toEqual(['Second']);
  });
});
