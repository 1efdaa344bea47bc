import { describe, expect, it, vi } from 'vitest';

import { apiFetch, NetworkError } from './api-fetch';
import { watchOnlineState } from './online-state';

describe('online state for server reads (issue 27)', () => {
  it('reports the state at start, not only on later events, and follows online/offline', () => {
    const events = new EventTarget();
    let online = false;
    const seen: boolean[] = [];
    const stop = watchOnlineState(
      events as unknown as Window,
      () => online,
      (value) => seen.push(value),
    );
    expect(seen).toEqual([false]);
    online = true;
    events.dispatchEvent(new Event('online'));
    online = false;
    events.dispatchEvent(new Event('offline'));
    expect(seen).toEqual([false, true, false]);
    stop();
    events.dispatchEvent(new Event('online'));
    expect(seen).toHaveLength(3);
  });

  it('sends no request while the browser knows it is offline: a NetworkError at once', async () => {
    const fetchSpy = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetchSpy);
    vi.stubGlobal('navigator', { onLine: false });
    try {
      await expect(apiFetch('/api/restaurant', { parse: (v: unknown) => v } as never)).rejects.toBeInstanceOf(NetworkError);
      expect(fetchSpy).not.toHaveBeenCalled();
      vi.stubGlobal('navigator', { onLine: true });
      await expect(apiFetch('/api/restaurant', { parse: (v: unknown) => v } as never)).resolves.toEqual({});
      expect(fetchSpy).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
