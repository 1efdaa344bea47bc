import { QueryCache, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

import { keepQueryAnswer } from './keep-query-answers';

const KEY = ['noun', 'detail'] as const;
/** A client like the app's (src/boot/start-app.tsx). */
const appClient = () =>
  new QueryClient({ queryCache: new QueryCache({ onSuccess: keepQueryAnswer }), defaultOptions: { queries: { retry: false } } });

describe('keepQueryAnswer', () => {
  it('hands the query’s keeper each answer its query function returns, in order', async () => {
    const queryClient = appClient();
    const keep = vi.fn(async (_answer: string) => undefined);
    for (const answer of ['first', 'second'])
      await queryClient.fetchQuery({ queryKey: KEY, queryFn: async () => answer, meta: { keep }, staleTime: 0 });
    expect(keep.mock.calls).toEqual([['first'], ['second']]);
  });

  it('passes over manual writes, initial data, failed reads and queries without a keeper', async () => {
    const queryClient = appClient();
    const keep = vi.fn(async (_answer: string) => undefined);
    await queryClient.prefetchQuery({
      queryKey: KEY,
      queryFn: async () => 'unused',
      initialData: 'initial',
      meta: { keep },
      staleTime: Infinity,
    });
    expect(queryClient.getQueryData(KEY)).toBe('initial');
    queryClient.setQueryData(KEY, 'manual');
    const failing = queryClient.fetchQuery({
      queryKey: KEY,
      queryFn: async (): Promise<string> => {
        throw new Error('down');
      },
      meta: { keep },
      staleTime: 0,
    });
    await expect(failing).rejects.toThrow('down');
    await expect(queryClient.fetchQuery({ queryKey: ['other'], queryFn: async () => 'no keeper' })).resolves.toBe('no keeper');
    expect(keep).not.toHaveBeenCalled();
  });

  it('drops a failure to keep: the answer stands', async () => {
    const queryClient = appClient();
    const keep = vi.fn(async (_answer: string) => {
      throw new Error('quota');
    });
    await expect(queryClient.fetchQuery({ queryKey: KEY, queryFn: async () => 'shown', meta: { keep } })).resolves.toBe('shown');
    expect(keep).toHaveBeenCalledWith('shown');
  });
});
