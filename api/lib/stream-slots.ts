/**
 * Open event streams (SSE) are held for minutes each, one socket and a few timers apiece, so they
 * are capped (issue 21, defect 13): per client (one household's tabs and phones; a client as the
 * rate limits count it, api/lib/rate-limit clientIp) and per instance (what one process can hold).
 * Past either cap the stream is refused with 429 and Retry-After; EventSource retries on its own, and
 * the pages fall back to their periodic refetch meanwhile, so nothing is missed, only later.
 * Counts are per process: each instance guards its own sockets.
 */
import type { Context } from 'hono';

import { apiError, HTTP_STATUS } from './http-errors';
import { clientIp } from './rate-limit';

/** How long a refused client should wait before asking again. */
export const STREAM_RETRY_AFTER_SECONDS = 30;

export interface StreamSlots {
  /** Takes a slot for this request's client or throws 429; the returned function gives it back (once). */
  acquire(c: Context, trustProxy: boolean): () => void;
  readonly open: number;
}

export function createStreamSlots(limits: { perClient: number; perInstance: number }): StreamSlots {
  const byClient = new Map<string, number>();
  let open = 0;
  return {
    get open() {
      return open;
    },
    acquire(c, trustProxy) {
      const client = clientIp(c, trustProxy);
      const held = byClient.get(client) ?? 0;
      if (open >= limits.perInstance || held >= limits.perClient) {
        c.header('Retry-After', String(STREAM_RETRY_AFTER_SECONDS));
        throw apiError(HTTP_STATUS.TOO_MANY_REQUESTS, 'too_many_streams', 'Too many live connections. Updates will come by refresh.', {
          retryAfterSeconds: STREAM_RETRY_AFTER_SECONDS,
        });
      }
      open += 1;
      byClient.set(client, held + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        open -= 1;
        const remaining = (byClient.get(client) ?? 1) - 1;
        if (remaining > 0) byClient.set(client, remaining);
        else byClient.delete(client);
      };
    },
  };
}
