import { describe, expect, it } from 'vitest';

import { attemptAfterFailure, attemptFor, keepsAttemptKey } from './attempt-key';

function keys() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('checkout attempt key', () => {
  it('reuses the key while the body is unchanged and renews it when the body changes', () => {
    const newKey = keys();
    const first = attemptFor(null, 'a', newKey);
    expect(attemptFor(first, 'a', newKey)).toBe(first);
    expect(attemptFor(first, 'b', newKey).key).toBe('key-2');
  });

  it('keeps the key across lost answers and server errors', () => {
    const newKey = keys();
    const first = attemptFor(null, 'a', newKey);
    for (const status of [null, 500, 502, 503]) {
      const kept = attemptAfterFailure(first, status);
      expect(attemptFor(kept, 'a', newKey).key).toBe('key-1');
    }
  });

  it('renews the key after any refusal, so a cleared refusal is not replayed', () => {
    const newKey = keys();
    let current = attemptFor(null, 'a', newKey);
    // restaurant_closed / item_unavailable / address_not_deliverable / price_changed / conflict
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      const before = current.key;
      current = attemptFor(attemptAfterFailure(current, status), 'a', newKey);
      expect(current.key).not.toBe(before);
    }
    expect(keepsAttemptKey(422)).toBe(false);
    expect(keepsAttemptKey(null)).toBe(true);
  });
});
