/**
 * The receipt link of a paid order: the one the payment event brought, or asked of the provider
 * once and remembered on the order (the test checkout's own receipt page with PAYMENTS=test).
 */
import type { Order } from '../../src/shared/schemas/order';
import type { Env } from '../env';
import { publicOrigin } from '../integrations/payments/flow';
import type { Payments } from '../integrations/payments/port';
import { testReceiptPath } from '../integrations/payments/test-checkout';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { setOrderReceiptUrl } from '../store/orders-queries';
import type { OrderRow } from '../store/schema';
import type { Store } from '../store/store';

export const RECEIPT_NOT_AVAILABLE = 'Stripe receipt is not yet available for this order.';

export async function receiptUrlOf(
  deps: { env: Env; store: Store; payments: Payments },
  found: { order: Order; row: OrderRow },
): Promise<string> {
  const { order, row } = found;
  if (order.paymentStatus !== 'paid') {
    throw apiError(HTTP_STATUS.CONFLICT, 'receipt_not_available', RECEIPT_NOT_AVAILABLE);
  }
  if (row.receipt_url) return row.receipt_url;
  let receiptUrl: string | null = null;
  if (deps.payments.name === 'test') receiptUrl = `${publicOrigin(deps.env)}${testReceiptPath(order.orderNumber)}`;
  else if (row.stripe_payment_intent_id) {
    receiptUrl = await deps.payments.receiptUrl(row.stripe_payment_intent_id).catch(() => null);
  }
  if (!receiptUrl) throw apiError(HTTP_STATUS.CONFLICT, 'receipt_not_available', RECEIPT_NOT_AVAILABLE);
  await setOrderReceiptUrl(deps.store.db, row.id, receiptUrl);
  return receiptUrl;
}
