/**
 * The Idempotency-Key policy of one checkout (docs/decisions/0011-orders-priced-on-the-server-once-per-key.md and
 * docs/decisions/0023-checkout-decides-nothing-the-server-must-decide.md).
 *
 * A key is reused while the request body is unchanged and the last try got no definitive answer
 * (network error, lost answer, 5xx — the server rolled back or never saw it), so pressing again
 * returns the one order the server may already have created. Any 4xx is a definitive refusal that
 * the server replays for the same key; once its cause clears (the restaurant opens, an item is back,
 * the address is fixed) pressing again must ask afresh, so a 4xx drops the key.
 */

export type CheckoutAttempt = { readonly key: string; readonly body: string };

/** The attempt to send `body` with: the current one while its body is unchanged, else a new key. */
export function attemptFor(current: CheckoutAttempt | null, body: string, newKey: () => string): CheckoutAttempt {
  return current && current.body === body ? current : { key: newKey(), body };
}

/** Whether an answer with this HTTP status (or none: `null`) lets the next try reuse the key. */
export function keepsAttemptKey(status: number | null): boolean {
  return status === null || status >= 500;
}

/** The attempt to keep after a failed try: itself when the key may be reused, else none. */
export function attemptAfterFailure(current: CheckoutAttempt | null, status: number | null): CheckoutAttempt | null {
  return keepsAttemptKey(status) ? current : null;
}
