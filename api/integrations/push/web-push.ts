/**
 * The Push adapter over the `web-push` library: it encrypts the payload for the subscription's keys
 * (aes128gcm, RFC 8291) and signs the VAPID JWT (RFC 8292); this file posts the result with fetch,
 * so the request honours the outbox run's abort signal and a test's http stand-in is reachable the
 * same way as a real push service.
 */
import webpush from 'web-push';

import type { PushPayload } from '../../../src/shared/schemas/push';
import type { Push, PushOutcome, PushSendOptions, PushTarget } from './port';
import type { VapidKeys } from './vapid';

const HTTP_NOT_FOUND = 404;
const HTTP_GONE = 410;
const MAX_REASON_LENGTH = 120;

export class PushRefusedError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`push service answered ${status}${detail ? `: ${detail.slice(0, MAX_REASON_LENGTH)}` : ''}`);
    this.name = 'PushRefusedError';
  }
}

export function createWebPush(options: { keys: () => Promise<VapidKeys>; fetch?: typeof fetch }): Push {
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'web-push',
    async publicKey() {
      return (await options.keys()).publicKey;
    },
    async send(target: PushTarget, payload: PushPayload, sendOptions: PushSendOptions): Promise<PushOutcome> {
      const keys = await options.keys();
      const details = webpush.generateRequestDetails(target, JSON.stringify(payload), {
        vapidDetails: keys,
        TTL: sendOptions.ttlSeconds,
        urgency: sendOptions.urgency,
        contentEncoding: 'aes128gcm',
        ...(sendOptions.topic ? { topic: sendOptions.topic } : {}),
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(details.headers)) headers.set(name, String(value));
      const response = await doFetch(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: 'error',
        signal: sendOptions.signal,
      });
      if (response.status === HTTP_NOT_FOUND || response.status === HTTP_GONE) {
        await response.body?.cancel();
        return { kind: 'gone', status: response.status };
      }
      if (!response.ok) throw new PushRefusedError(response.status, await response.text().catch(() => ''));
      await response.body?.cancel();
      return { kind: 'sent', status: response.status };
    },
  };
}
