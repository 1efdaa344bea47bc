/** Order fixtures for the orders feature's unit tests. */
import type { Order, OrderItem } from '../../../shared/schemas/order';

export function makeItem(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    id: 1,
    menuItemId: 1,
    sku: 'SKU-1',
    itemName: 'Mici',
    quantity: 2,
    basePriceBani: 550,
    itemTotalBani: 1100,
    selectedModifiers: [],
    specialInstructions: null,
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 1,
    orderNumber: 'ORD-1763812800000ABCDEFGHI',
    status: 'received',
    paymentStatus: 'pending',
    paymentMethod: 'cash',
    fulfilment: 'delivery',
    pickupLocation: null,
    subtotalBani: 1100,
    deliveryFeeBani: 0,
    taxBani: 0,
    discountBani: 0,
    totalBani: 1100,
    createdAt: '2026-11-22T12:00:00.000Z',
    updatedAt: '2026-11-22T12:00:00.000Z',
    estimatedDeliveryTime: '30-45 minutes',
    deliveredAt: null,
    customerName: 'Ana Pop',
    customerEmail: 'ana@example.ro',
    customerPhone: '0722000000',
    deliveryAddress: {
      street: 'Strada Lipscani 10',
      city: 'Ploiești',
      postalCode: '100001',
      formatted: 'Strada Lipscani 10, Ploiești',
      details: null,
    },
    deliveryInstructions: null,
    customerNotes: null,
    deliveryZoneName: null,
    deliveryLatitude: 44.94,
    deliveryLongitude: 26.02,
    posInjectionStatus: 'pending',
    cancelReason: null,
    orderItems: [makeItem()],
    acceptedAt: null,
    prepMinutes: null,
    readyAt: null,
    arrivalWindow: null,
    acceptDeadlineAt: null,
    statusHistory: [{ status: 'received', at: '2026-11-22T12:00:00.000Z' }],
    cancelledBy: null,
    cancelReasonCode: null,
    refunds: [],
    refundedBani: 0,
    ...overrides,
  };
}
