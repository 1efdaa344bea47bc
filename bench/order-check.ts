/**
 * QUALITY P6 "one order per idempotency key", decided from what the load generator *sent*, not
 * from what it saw answered: requests still in flight when the load stops get no answer yet may
 * well create their order, so counting acknowledged requests reported those as extra orders.
 *
 * After the load, every key sent is sent once more (same body): the server replays the stored
 * answer for a key it already acted on, and acts on it now if the first attempt never arrived.
 * Then every sent key maps to one order, and:
 * - a key acknowledged with 2xx during the load replays that same order (not a second one);
 * - no two keys share an order, and the customer has no order besides the keys' (none for a key
 *   never sent).
 */
export interface OrderKeyEvidence {
  /** Every Idempotency-Key the load generator wrote, in order. */
  sent: readonly string[];
  /** Key -> order number, for each request answered 2xx during the load. */
  acknowledged: ReadonlyMap<string, string>;
  /** Key -> order number answered when the key was sent again after the load (null: no order). */
  resent: ReadonlyMap<string, string | null>;
  /** The customer's order numbers after the re-send, excluding orders made before the load. */
  orders: readonly string[];
}

export interface OrderKeyVerdict {
  ok: boolean;
  keysSent: number;
  acknowledged: number;
  /** Sent during the load, no 2xx seen (in flight at the stop, or refused), then answered on re-send. */
  unacknowledged: number;
  orders: number;
  problems: string[];
}

const MAX_PROBLEMS_LISTED = 5;

export function checkOrdersPerKey(evidence: OrderKeyEvidence): OrderKeyVerdict {
  const problems: string[] = [];
  const keys = new Set(evidence.sent);
  if (keys.size !== evidence.sent.length) problems.push(`${evidence.sent.length - keys.size} keys were sent twice by the load`);
  const orderOfKey = new Map<string, string>();
  for (const key of keys) {
    const resent = evidence.resent.get(key);
    const acknowledged = evidence.acknowledged.get(key);
    if (resent === undefined || resent === null) problems.push(`key ${key} has no order after the re-send`);
    else if (acknowledged !== undefined && acknowledged !== resent)
      problems.push(`key ${key} was acknowledged as ${acknowledged} but replays ${resent}: two orders`);
    else orderOfKey.set(key, resent);
  }
  for (const key of evidence.acknowledged.keys()) if (!keys.has(key)) problems.push(`key ${key} was acknowledged but never sent`);
  const keysOfOrder = new Map<string, number>();
  for (const order of orderOfKey.values()) keysOfOrder.set(order, (keysOfOrder.get(order) ?? 0) + 1);
  for (const [order, count] of keysOfOrder) if (count > 1) problems.push(`order ${order} answers ${count} keys`);
  const listed = new Set(evidence.orders);
  if (listed.size !== evidence.orders.length) problems.push('the order list repeats an order');
  for (const order of listed) if (!keysOfOrder.has(order)) problems.push(`order ${order} belongs to no key sent`);
  for (const order of keysOfOrder.keys()) if (!listed.has(order)) problems.push(`order ${order} is missing from the order list`);
  const acknowledged = [...keys].filter((key) => evidence.acknowledged.has(key)).length;
  return {
    ok: problems.length === 0,
    keysSent: keys.size,
    acknowledged,
    unacknowledged: keys.size - acknowledged,
    orders: listed.size,
    problems:
      problems.length > MAX_PROBLEMS_LISTED
        ? [...problems.slice(0, MAX_PROBLEMS_LISTED), `… ${problems.length - MAX_PROBLEMS_LISTED} more`]
        : problems,
  };
}
