import { describe, expect, it, vi } from 'vitest';

import { preloadableLazy } from './preloadable-lazy';

const Part = () => null;

describe('preloadableLazy', () => {
  it('loads once, however often it is requested', async () => {
    const load = vi.fn(() => Promise.resolve(Part));
    const part = preloadableLazy(load);
    expect(load).not.toHaveBeenCalled();
    const first = part.preload();
    expect(part.preload()).toBe(first);
    expect(await first).toBe(Part);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('the lazy component renders what the request loaded, without loading again', async () => {
    const load = vi.fn(() => Promise.resolve(Part));
    const part = preloadableLazy(load);
    await part.preload();
    // React's lazy keeps its factory in the payload; calling it is what the first render does.
    const payload = (part.Component as unknown as { _payload: { _result: () => Promise<{ default: unknown }> } })._payload;
    expect((await payload._result()).default).toBe(Part);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed load is the same failure for every caller', async () => {
    const part = preloadableLazy(() => Promise.reject(new Error('chunk missing')));
    await expect(part.preload()).rejects.toThrow('chunk missing');
    await expect(part.preload()).rejects.toThrow('chunk missing');
  });
});
