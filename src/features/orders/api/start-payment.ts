/**
 * Starting a card payment again from the order screens and leaving for the hosted checkout.
 * Needs the network; offline or on a refusal the caller shows 'Payment Error'. Nothing is queued:
 * paying needs the customer present.
 */
import type { MessageId } from '../../../lib/i18n';
import { restartPaymentFromConfirmation } from './orders-api';

export const PAYMENT_ERROR_TEXT: MessageId = 'orders.payment.startFailed';

export async function goToPayment(orderNumber: string): Promise<void> {
  const url = await restartPaymentFromConfirmation(orderNumber);
  window.location.assign(url);
}
