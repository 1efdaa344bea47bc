import { afterEach, describe, expect, it, vi } from 'vitest';

import { AFTER_PAINT_TEMPLATE_ID } from '../shared/after-paint-links';
import { AFTER_PAINT_LINKS_MAX_WAIT_MS, appendAfterPaintLinks } from './after-paint-links';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A document whose head records what is appended, with or without the template. */
function fakeDocument(withTemplate: boolean, visibilityState: DocumentVisibilityState = 'visible') {
  const content = { links: ['react-stage', 'menu'] };
  const appended: unknown[] = [];
  const template = { content, removed: false, remove: () => (template.removed = true) };
  const doc = {
    getElementById: (id: string) => (withTemplate && id === AFTER_PAINT_TEMPLATE_ID ? template : null),
    head: { append: (node: unknown) => appended.push(node) },
    visibilityState,
  } as unknown as Pick<Document, 'getElementById' | 'head' | 'visibilityState'>;
  return { doc, appended, template };
}

/** window with frames run by hand and fake timers. */
function stubFrames() {
  vi.useFakeTimers();
  const frames: (() => void)[] = [];
  vi.stubGlobal('window', {
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    cancelAnimationFrame: vi.fn(),
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (timer: ReturnType<typeof setTimeout> | undefined) => clearTimeout(timer),
  });
  return () => frames.splice(0).forEach((frame) => frame());
}

/** A PerformanceObserver for paint entries whose entries are delivered by hand. */
function stubPaintTiming() {
  const observers: { callback: (list: { getEntriesByName(name: string): unknown[] }) => void; disconnected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['mark', 'paint'];
    private readonly entry: (typeof observers)[number];
    constructor(callback: (typeof observers)[number]['callback']) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true });
    }
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  const deliver = (name: string) => {
    for (const observer of observers.filter((o) => !o.disconnected))
      observer.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  };
  return { deliver, observers };
}

describe('appendAfterPaintLinks', () => {
  it('appends the held links once the first contentful paint is reported, then removes the template', async () => {
    stubFrames();
    const { deliver, observers } = stubPaintTiming();
    const { doc, appended, template } = fakeDocument(true);
    let done = false;
    void appendAfterPaintLinks(doc).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    deliver('first-paint');
    await vi.advanceTimersByTimeAsync(0);
    expect(appended).toEqual([]);
    deliver('first-contentful-paint');
    await vi.advanceTimersByTimeAsync(0);
    expect(appended).toEqual([template.content]);
    expect(template.removed).toBe(true);
    expect(done).toBe(true);
    expect(observers.every((observer) => observer.disconnected)).toBe(true);
    // The fallback timer was cleared: nothing is appended twice.
    await vi.advanceTimersByTimeAsync(AFTER_PAINT_LINKS_MAX_WAIT_MS * 2);
    expect(appended).toHaveLength(1);
  });

  it('without paint timing, appends them only after the next frame has painted', async () => {
    const runFrames = stubFrames();
    vi.stubGlobal('PerformanceObserver', undefined);
    const { doc, appended, template } = fakeDocument(true);
    let done = false;
    void appendAfterPaintLinks(doc).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(appended).toEqual([]);
    runFrames();
    // The frame queues a task: still nothing until it runs.
    expect(appended).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(appended).toEqual([template.content]);
    expect(template.removed).toBe(true);
    expect(done).toBe(true);
    // The fallback timer was cleared: nothing is appended twice.
    await vi.advanceTimersByTimeAsync(AFTER_PAINT_LINKS_MAX_WAIT_MS * 2);
    expect(appended).toHaveLength(1);
  });

  it('where no paint is reported on a visible page, appends them after the longest wait', async () => {
    stubFrames();
    stubPaintTiming();
    const { doc, appended } = fakeDocument(true);
    void appendAfterPaintLinks(doc);
    await vi.advanceTimersByTimeAsync(AFTER_PAINT_LINKS_MAX_WAIT_MS - 1);
    expect(appended).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(appended).toHaveLength(1);
  });

  it('a page loading in a background tab appends them at once, without waiting for a paint', async () => {
    stubFrames();
    const { observers } = stubPaintTiming();
    const { doc, appended, template } = fakeDocument(true, 'hidden');
    await appendAfterPaintLinks(doc);
    expect(appended).toEqual([template.content]);
    expect(observers).toHaveLength(0);
  });

  it('returns at once on a page without the template (the plain shell)', async () => {
    stubFrames();
    const { doc, appended } = fakeDocument(false);
    await appendAfterPaintLinks(doc);
    expect(appended).toEqual([]);
  });
});
