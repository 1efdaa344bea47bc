import { describe, expect, it } from 'vitest';

import type { AdminStreamSignal } from './admin-live-events';
import { emitAdminStreamSignal, onAdminStreamSignal } from './admin-live-events';

describe('admin stream signals', () => {
  it('reach every listener until it unsubscribes', () => {
    const first: AdminStreamSignal['type'][] = [];
    const second: AdminStreamSignal['type'][] = [];
    const stopFirst = onAdminStreamSignal((signal) => first.push(signal.type));
    const stopSecond = onAdminStreamSignal((signal) => second.push(signal.type));
    emitAdminStreamSignal({ type: 'inbox-changed', at: '2026-11-22T12:00:00.000Z' });
    stopFirst();
    emitAdminStreamSignal({ type: 'stream-open' });
    stopSecond();
    emitAdminStreamSignal({ type: 'stream-open' });
    expect(first).toEqual(['inbox-changed']);
    expect(second).toEqual(['inbox-changed', 'stream-open']);
  });
});
