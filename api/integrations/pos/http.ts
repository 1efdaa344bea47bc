/**
 * POS vendor adapter (POS=http): POST {payload} as JSON to POS_URL with the API key. A 2xx is
 * 'sent'; a 409 means the vendor already has that external order number ('duplicate', also
 * success). Everything else — other statuses, resets, timeouts (the caller's AbortSignal) — throws
 * PosError so the outbox retries. The vendor's answer body is never trusted beyond its status.
 */
import type { PosPayload } from '../../../src/shared/schemas/order';
import type { Pos, PosSendResult } from './port';
import { PosError } from './port';

const HTTP_CONFLICT = 409;
const MAX_ERROR_TEXT = 200;

export function createHttpPos(options: { url: string; apiKey?: string; fetch?: typeof fetch }): Pos {
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'http',
    async send(payload: PosPayload, { signal }): Promise<PosSendResult> {
      let response: Response;
      try {
        response = await doFetch(options.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}`, 'x-api-key': options.apiKey } : {}),
            'idempotency-key': payload.bill.externalOrderNo,
          },
          body: JSON.stringify({ payload }),
          signal,
        });
      } catch (error) {
        throw new PosError(signal.aborted ? 'timeout' : `network: ${error instanceof Error ? error.message : String(error)}`);
      }
      const text = await response.text().catch(() => '');
      if (response.ok) return 'sent';
      if (response.status === HTTP_CONFLICT) return 'duplicate';
      throw new PosError(`HTTP ${response.status}${text ? `: ${text.slice(0, MAX_ERROR_TEXT)}` : ''}`);
    },
  };
}
