import { afterEach, describe, expect, it, vi } from 'vitest';

import { installChunkReload, loadWhenOnline } from './chunk-reload';

/** A window with just what these functions use: events, online state, reload, sessionStorage. */
function fakeWindow(online: boolean) {
  const target = new EventTarget();
  const reload = vi.fn();
  const storage = new Map<string, string>();
  vi.stubGlobal('window', Object.assign(target, { location: { reload } }));
  vi.stubGlobal('navigator', { onLine: online });
  vi.stubGlobal('sessionStorage', { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) });
  return { target, reload };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadWhenOnline', () => {
  it('waits for the connection after an offline failure and tries again', async () => {
    const { target } = fakeWindow(false);
    let online = false;
    const load = vi.fn(() => (online ? Promise.resolve('footer') : Promise.reject(new TypeError('Failed to fetch'))));
    const loaded = loadWhenOnline(load, () => online);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // Let the failure's handler run and start listening for `online`.
    await new Promise((resolve) => setTimeout(resolve, 0));
    online = true;
    target.dispatchEvent(new Event('online'));
    await expect(loaded).resolves.toBe('footer');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('throws an online failure as it is', async () => {
    fakeWindow(true);
    await expect(
      loadWhenOnline(
        () => Promise.reject(new Error('gone')),
        () => true,
      ),
    ).rejects.toThrow('gone');
  });
});

describe('installChunkReload', () => {
  const preloadError = () => new Event('vite:preloadError', { cancelable: true });

  it('reloads once online when a chunk is missing after a deploy', () => {
    const { target, reload } = fakeWindow(true);
    installChunkReload();
    const first = preloadError();
    target.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    target.dispatchEvent(preloadError());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads offline (the browser would show its offline page instead of the app)', () => {
    const { target, reload } = fakeWindow(false);
    installChunkReload();
    const event = preloadError();
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
