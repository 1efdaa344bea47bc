/**
 * Persistence beside the query cache, not inside query functions (issue 24): a query function only
 * reads (the server, or offline a stored copy), and a query whose answers must outlive the page names
 * its keeper in `meta.keep`. The app's query cache (src/boot/start-app.tsx) hands the keeper each
 * answer its query function returns: not a manual write (setQueryData), not initial data, not an
 * error. The shared nouns (src/entities/<noun>/api/get-<noun>.ts) keep their stored copies this way.
 */
import type { Query } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * Keeps one answer of this query (its data, as the query function returned it). `never`: any
       * keeper of one query's data fits, the cache only passes that query's answers.
       */
      keep?: (data: never) => Promise<unknown>;
    };
  }
}

/**
 * The query cache's onSuccess: calls the query's keeper without waiting. A failure to keep is
 * dropped: keeping is best effort and never changes what is on screen.
 */
export function keepQueryAnswer(data: unknown, query: Query<unknown, unknown, unknown>): void {
  query.meta?.keep?.(data as never).catch(() => undefined);
}
