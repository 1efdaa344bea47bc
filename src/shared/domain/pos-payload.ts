/**
 * The point-of-sale payload (spec §3 "Point-of-sale payload", §9 constants), built from an order
 * as the screens read it. Pure, so the outbox worker builds it at send time from the stored order
 * and tests pin its exact shape. The external order number is the order number: the POS uses it
 * to recognise a re-send, which makes retries harmless.
 */
import type { Order, PosPayload } from '../schemas/order';
import { romanianBlockDetails, romanianStreetLine } from './romanian-address';

export const POS_PAYMENT_TYPE_CASH = 2;
export const POS_PAYMENT_TYPE_OTHER = 1;
export const POS_COUNTRY = 'Romania';
export const POS_COUNTY = 'ph';
const BANI_PER_LEU = 100;

/** The vendor reads money as lei with two decimals. */
function baniToLeiNumber(bani: number): number {
  return Math.round(bani) / BANI_PER_LEU;
}

/** "Ana Maria Popescu" -> first "Ana", last "Maria Popescu" when the order has no separate names. */
export function splitCustomerName(fullName: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

export function buildPosPayload(order: Order, names?: { firstName: string; lastName: string }): PosPayload {
  const { firstName, lastName } = names ?? splitCustomerName(order.customerName);
  const items = order.orderItems.flatMap((item) => [
    // A per-kg dish says its portion, so the kitchen weighs what was priced (issue 27).
    item.weightGrams
      ? { sku: item.sku, quantity: item.quantity, weightGrams: item.weightGrams }
      : { sku: item.sku, quantity: item.quantity },
    // A modifier is charged once per unit of its item, so it travels with the item's quantity.
    ...item.selectedModifiers.map((modifier) => ({ sku: modifier.sku, quantity: item.quantity, modifier: true as const })),
  ]);
  const delivery = order.fulfilment === 'delivery' ? order.deliveryAddress : null;
  // Bloc, scară, etaj, apartament, interfon, then the customer's instructions: the driver's whole door (issue 27).
  const details = [delivery ? romanianBlockDetails(delivery) : null, order.deliveryInstructions]
    .filter((part): part is string => !!part && part.trim() !== '')
    .join('; ');
  return {
    bill: {
      items,
      payments: [
        {
          type: order.paymentMethod === 'cash' ? POS_PAYMENT_TYPE_CASH : POS_PAYMENT_TYPE_OTHER,
          value: baniToLeiNumber(order.totalBani),
        },
      ],
      externalOrderNo: order.orderNumber,
      externalOrderID: order.id,
      // An order for later is due at its slot, not when it was placed (issue 22; decision 0151).
      deliveryDate: order.scheduledFor ?? order.createdAt,
    },
    client: {
      email: order.customerEmail,
      firstName,
      lastName,
      phone: order.customerPhone,
      address: {
        city: delivery?.city ?? 'Ploiești',
        country: POS_COUNTRY,
        county: POS_COUNTY,
        // Pickup orders carry the location's address so the kitchen knows where the order is collected.
        street: delivery ? romanianStreetLine(delivery) : (order.pickupLocation?.address ?? ''),
        postalCode: delivery?.postalCode ?? '',
        long: delivery ? order.deliveryLongitude : null,
        lat: delivery ? order.deliveryLatitude : null,
        isDeliveryAddress: order.fulfilment === 'delivery',
        isInvoiceAddress: true,
        details,
      },
    },
  };
}
