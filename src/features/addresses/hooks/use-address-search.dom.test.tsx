// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { inLanguage } from '../../../../tests/fixtures/language';

import { notificationsAtom } from '../../../lib/notify';
import { appStore } from '../../../lib/store';
import type { SearchState } from '../address-form-state';
import { useAddressSearch } from './use-address-search';

// Answers come after real debounces (300 and 500 ms) on a machine that may be busy: wait up to 10 s.
configure({ asyncUtilTimeout: 10_000 });

const DOJA_12 = {
  place_id: 'gazetteer:strada-doja-gheorghe:12',
  description: 'Strada Doja Gheorghe 12, Ploiești, Romania',
  structured_formatting: { main_text: 'Strada Doja Gheorghe 12', secondary_text: 'Ploiești, Romania' },
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Every request the hook made, as the `query` parameter it sent. */
function searchedTerms(fetchMock: ReturnType<typeof vi.fn>): string[] {
  return fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').searchParams.get('query') ?? '');
}

function typed(text: string, edits: number): SearchState {
  return { text, armed: true, edits, dismissed: null, highlight: null };
}

let InEnglish: (props: { children: ReactNode }) => ReactNode;
beforeAll(async () => {
  InEnglish = await inLanguage();
});

function renderSearch(initial: SearchState) {
  const client = new QueryClient({ defaultOptions: { queries: { networkMode: 'offlineFirst' } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <InEnglish>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </InEnglish>
  );
  return renderHook(({ search }: { search: SearchState }) => useAddressSearch(search), { wrapper, initialProps: { search: initial } });
}

/** Lets time pass inside act(): the debounce's own state update happens meanwhile. */
const sleep = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => json({ predictions: [DOJA_12] }));
  vi.stubGlobal('fetch', fetchMock);
  appStore.set(notificationsAtom, []);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useAddressSearch (DOM)', () => {
  it('asks once, after typing pauses for 300 ms, for the trimmed text, and answers with the term it asked', async () => {
    const { result, rerender } = renderSearch(typed('', 0));
    rerender({ search: typed('doj', 1) });
    rerender({ search: typed('doja', 2) });
    rerender({ search: typed(' doja ', 3) });
    await sleep(150);
    expect(fetchMock).not.toHaveBeenCalled();
    await waitFor(() => expect(result.current.latest).toBeDefined());
    expect(searchedTerms(fetchMock)).toEqual(['doja']);
    expect(result.current.latest).toEqual({ term: 'doja', predictions: [DOJA_12] });
    expect(result.current.searching).toBe(false);
  });

  it('never asks for fewer than 3 characters, nor for text the customer did not type (a choice, the map)', async () => {
    const { rerender } = renderSearch({ ...typed('Strada Doja Gheorghe 12, Ploiești, Romania', 0), armed: false });
    rerender({ search: typed(' do ', 1) });
    await sleep(500);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the answer on screen while the next term is asked, and a newer keystroke cancels the request in flight', async () => {
    const { result, rerender } = renderSearch(typed('doja', 1));
    await waitFor(() => expect(result.current.latest?.term).toBe('doja'));
    const first = result.current.latest;

    const signals: AbortSignal[] = [];
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          const signal = init.signal!;
          signals.push(signal);
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    rerender({ search: typed('doja 1', 2) });
    await waitFor(() => expect(result.current.searching).toBe(true));
    expect(result.current.latest).toBe(first);
    rerender({ search: typed('doja 12', 3) });
    await waitFor(() => expect(signals[0]?.aborted).toBe(true));
    expect(result.current.latest).toBe(first);
    // The cancelled request says nothing to the customer.
    expect(appStore.get(notificationsAtom)).toEqual([]);
  });

  it("a failing geocoder shows the 'Search Error' toast and no suggestions, without retrying", async () => {
    fetchMock.mockImplementation(async () =>
      json({ error: { status: 503, code: 'geocoder_unavailable', message: 'Geocoder down', details: { title: 'Search Error' } } }, 503),
    );
    const { result } = renderSearch(typed('doja', 1));
    await waitFor(() => expect(appStore.get(notificationsAtom)).toHaveLength(1));
    expect(appStore.get(notificationsAtom)[0]).toMatchObject({
      type: 'error',
      title: 'Search Error',
      message: 'Failed to fetch address suggestions. Please try again.',
    });
    expect(result.current.latest).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('offline, answers from the street list on the device without a request', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { result } = renderSearch(typed('gheorghe doja 75', 1));
    await waitFor(() => expect(result.current.latest).toBeDefined(), { timeout: 15_000 });
    expect(result.current.latest?.predictions.map((p) => p.structured_formatting.main_text)).toContain('Strada Doja Gheorghe 75');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
