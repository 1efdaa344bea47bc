import { describe, expect, it } from 'vitest';

import type { Order } from '../schemas/order';
import { posPayloadSchema } from '../schemas/order';
import { makeOrder } from '../../../tests/fixtures/orders';
import { buildPosPayload, splitCustomerName } from './pos-payload';

// The builder's order, with what this payload reads spelled out (tests/fixtures/orders.ts).
const base: Order = makeOrder({
  id: 42,
  orderNumber: 'ORD-1795348800000ABCDEFGHI',
  subtotalBani: 13_450,
  deliveryFeeBani: 1_000,
  totalBani: 14_450,
  customerName: 'Ana Maria Popescu',
  customerPhone: '0722 123 456',
  deliveryAddress: {
    street: 'Strada Mihai Bravu 10',
    city: 'Ploiești',
    postalCode: '100410',
    formatted: 'Strada Mihai Bravu 10, Ploiești',
    details: 'Bl. A3, Sc. 2, Et. 4, Ap. 17',
  },
  deliveryInstructions: 'Sunați la interfon',
  deliveryZoneName: '1.2 km Center',
  statusHistory: [],
  orderItems: [
    {
      id: 1,
      menuItemId: 3,
      sku: 'SKU-3',
      itemName: 'Mici',
      quantity: 4,
      basePriceBani: 550,
      itemTotalBani: 2_600,
      selectedModifiers: [{ modifierId: 7, name: 'Muștar', sku: 'MOD-7', priceBani: 100 }],
      specialInstructions: null,
    },
    {
      id: 2,
      menuItemId: 5,
      sku: 'SKU-5',
      itemName: 'Ceafă',
      quantity: 1,
      basePriceBani: 10_850,
      itemTotalBani: 10_850,
      selectedModifiers: [],
      specialInstructions: 'bine făcută',
    },
  ],
});

describe('buildPosPayload (spec §3, §9)', () => {
  it('builds the bill and the client block exactly', () => {
    const payload = buildPosPayload(base, { firstName: 'Ana Maria', lastName: 'Popescu' });
    expect(posPayloadSchema.parse(payload)).toEqual(payload);
    expect(payload).toEqual({
      bill: {
        items: [
          { sku: 'SKU-3', quantity: 4 },
          { sku: 'MOD-7', quantity: 4, modifier: true },
          { sku: 'SKU-5', quantity: 1 },
        ],
        payments: [{ type: 2, value: 144.5 }],
        externalOrderNo: 'ORD-1795348800000ABCDEFGHI',
        externalOrderID: 42,
        deliveryDate: '2026-11-22T12:00:00.000Z',
      },
      client: {
        email: 'ana@example.ro',
        firstName: 'Ana Maria',
        lastName: 'Popescu',
        phone: '0722 123 456',
        address: {
          city: 'Ploiești',
          country: 'Romania',
          county: 'ph',
          street: 'Strada Mihai Bravu 10',
          postalCode: '100410',
          long: 26.02,
          lat: 44.94,
          isDeliveryAddress: true,
          isInvoiceAddress: true,
          details: 'Bl. A3, Sc. 2, Et. 4, Ap. 17; Sunați la interfon',
        },
      },
    });
  });

  it('says the portion of a per-kg dish on its bill line (issue 27)', () => {
    const weighed = { ...base.orderItems[1]!, weightGrams: 750, itemTotalBani: 8_138 };
    const payload = buildPosPayload({ ...base, orderItems: [weighed] });
    expect(posPayloadSchema.parse(payload)).toEqual(payload);
    expect(payload.bill.items).toEqual([{ sku: 'SKU-5', quantity: 1, weightGrams: 750 }]);
  });

  it('carries the whole Romanian door from the order snapshot: number, bloc, scară, etaj, apartament, interfon (issue 27)', () => {
    const payload = buildPosPayload({
      ...base,
      deliveryAddress: {
        street: 'Bulevardul Republicii',
        city: 'Ploiești',
        postalCode: null,
        formatted: 'Bulevardul Republicii, Ploiești, Romania',
        details: 'Bl. A3',
        houseNumber: '12',
        apartment: null,
        bloc: 'A3',
        scara: '2',
        etaj: '4',
        apartament: '17',
        interfon: '17A',
      },
    });
    expect(payload.client.address).toMatchObject({
      street: 'Bulevardul Republicii 12',
      details: 'Bl. A3, Sc. 2, Et. 4, Ap. 17, Interfon 17A; Sunați la interfon',
    });
  });

  it('uses payment type 1 for card orders', () => {
    expect(buildPosPayload({ ...base, paymentMethod: 'card' }).bill.payments).toEqual([{ type: 1, value: 144.5 }]);
  });

  it('sends a pickup order with the location address and no coordinates', () => {
    const payload = buildPosPayload({
      ...base,
      fulfilment: 'pickup',
      deliveryAddress: null,
      deliveryInstructions: null,
      pickupLocation: { id: 1, name: 'Centru', address: 'Bulevardul Republicii 220, Ploiești', phone: '0244 520 520' },
    });
    expect(payload.client.address).toMatchObject({
      street: 'Bulevardul Republicii 220, Ploiești',
      isDeliveryAddress: false,
      long: null,
      lat: null,
      details: '',
    });
  });

  it('dates an order for later by its slot, an order for now by when it was placed (issue 22)', () => {
    expect(buildPosPayload({ ...base, scheduledFor: '2026-11-23T11:00:00.000Z' }).bill.deliveryDate).toBe('2026-11-23T11:00:00.000Z');
    expect(buildPosPayload({ ...base, scheduledFor: null }).bill.deliveryDate).toBe(base.createdAt);
  });

  it('splits a full name when the order has no separate names', () => {
    expect(splitCustomerName('Ana Maria Popescu')).toEqual({ firstName: 'Ana', lastName: 'Maria Popescu' });
    expect(buildPosPayload(base).client.firstName).toBe('Ana');
  });
});
