/**
 * The board's lanes for orders for later (issue 22, docs/decisions/0138-scheduled-orders-on-the-board.md):
 * an order not yet accepted whose release time (its slot start minus the kitchen's lead time) is still
 * ahead waits in the Scheduled lane: it is not a new order yet, does not ring and does not escalate.
 * From its release time on it is a new order like any other. `now` is the server's clock (the board
 * answer's serverNow plus the time since), never the tablet's own.
 */
export interface ReleasableOrder {
  status: string;
  releaseAt: string | null;
}

export function isAwaitingRelease(order: ReleasableOrder, now: Date): boolean {
  return order.status === 'received' && order.releaseAt !== null && Date.parse(order.releaseAt) > now.getTime();
}
