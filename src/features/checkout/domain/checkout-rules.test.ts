import { everyWordOf } from '../../../../tests/fixtures/every-word';
import { beforeAll, describe, expect, it } from 'vitest';

import type { MessageId, Translate } from '../../../lib/i18n';
import { wordsText } from '../../../lib/screen-words';

import { DAILY_11_TO_22 } from '../../../shared/domain/opening-hours';
import type { CheckoutDraft } from './checkout-rules';
import {
  checkoutTotals,
  customerFieldErrors,
  formatOpeningTime,
  missingItems,
  openState,
  pleaseEnterText,
  pleaseFillInText,
  requiredText,
  serverClockOffsetMs,
} from './checkout-rules';

/** The English the screen shows (the catalogue's own runtime): the spec's texts are a contract. */
let t: Translate;
beforeAll(async () => {
  const english = everyWordOf('en');
  t = (id, values) => english._(id, values);
});
const inEnglish = <K extends string>(errors: Partial<Record<K, MessageId>>) =>
  Object.fromEntries(Object.entries(errors).map(([field, id]) => [field, t(id as MessageId)]));

const filled: CheckoutDraft = {
  customer: { firstName: 'Ana', lastName: 'Pop', email: 'ana@example.ro', phone: '0722 000 000' },
  fulfilment: 'delivery',
  addressId: 3,
  locationId: null,
  paymentMethod: 'cash',
};

describe('checkout validation texts', () => {
  it("says '{field} is required' for each empty field", () => {
    expect(t(requiredText('firstName'))).toBe('First name is required');
    expect(inEnglish(customerFieldErrors({ firstName: ' ', lastName: 'Pop', email: '', phone: '0722000000' }))).toEqual({
      firstName: 'First name is required',
      email: 'Email is required',
    });
    expect(inEnglish(customerFieldErrors(filled.customer))).toEqual({});
    expect(inEnglish(customerFieldErrors({ ...filled.customer, email: 'not-an-email', phone: 'abc' }))).toEqual({
      email: 'Enter a valid email address',
      phone: 'Enter a valid phone number',
    });
  });

  it("lists what is missing for 'Please enter: ...' and 'Please fill in: ...'", () => {
    expect(missingItems(filled)).toEqual([]);
    const missing = missingItems({
      ...filled,
      customer: { ...filled.customer, lastName: '', phone: '' },
      addressId: null,
      paymentMethod: null,
    });
    expect(missing.map((id) => t(id))).toEqual(['Last name', 'Phone', 'Delivery address', 'Payment method']);
    expect(wordsText(t, pleaseEnterText(missing))).toBe('Please enter: Last name, Phone, Delivery address, Payment method');
    expect(wordsText(t, pleaseFillInText(['checkout.customer.phone']))).toBe('Please fill in: Phone');
    expect(missingItems({ ...filled, fulfilment: 'pickup', addressId: null, locationId: null })).toEqual([
      'checkout.missing.pickupLocation',
    ]);
    expect(missingItems({ ...filled, fulfilment: 'pickup', addressId: null, locationId: 1 })).toEqual([]);
  });
});

describe('checkout totals', () => {
  const lines = [
    {
      unitPriceBani: 550,
      quantity: 2,
      selectedModifiers: [{ modifierId: 1, modifierGroupId: 1, name: 'x', sku: 'MOD-1', priceBani: 100 }],
    },
  ];
  it('adds the delivery fee for delivery only and measures the minimum order', () => {
    expect(checkoutTotals(lines, { deliveryFeeBani: 500, minimumOrderBani: 5000 }, 'delivery')).toEqual({
      subtotalBani: 1300,
      deliveryFeeBani: 500,
      taxBani: 0,
      totalBani: 1800,
      minimumOrderBani: 5000,
      shortOfMinimumBani: 3700,
    });
    expect(checkoutTotals(lines, { deliveryFeeBani: 500, minimumOrderBani: 1000 }, 'pickup')).toMatchObject({
      deliveryFeeBani: 0,
      totalBani: 1300,
      shortOfMinimumBani: 0,
    });
  });
  it('holds pickup to the minimum only when the manager extends it to pickup (issue 27)', () => {
    expect(checkoutTotals(lines, { deliveryFeeBani: 500, minimumOrderBani: 5000 }, 'pickup')).toMatchObject({
      minimumOrderBani: 0,
      shortOfMinimumBani: 0,
    });
    expect(
      checkoutTotals(lines, { deliveryFeeBani: 500, minimumOrderBani: 5000, minimumOrderAppliesToPickup: true }, 'pickup'),
    ).toMatchObject({ minimumOrderBani: 5000, shortOfMinimumBani: 3700 });
  });
});

describe('open or closed by the server clock', () => {
  const locations = [{ id: 1, openingHours: DAILY_11_TO_22 }];
  it('keeps the offset from the device clock', () => {
    expect(serverClockOffsetMs('2026-11-22T12:00:00.000Z', Date.parse('2026-11-22T11:59:00.000Z'))).toBe(60_000);
    expect(serverClockOffsetMs('garbage', 5)).toBe(0);
  });

  it('is open at 14:00 Bucharest, closed at 22:00 with the next opening, closed when toggled off', () => {
    expect(openState({ isOpen: true }, locations, new Date('2026-11-22T12:00:00Z'), null)).toEqual({ open: true });
    const closed = openState({ isOpen: true }, locations, new Date('2026-11-22T20:00:00Z'), null);
    expect(closed).toEqual({ open: false, reason: 'outside-hours', nextOpeningAt: new Date('2026-11-23T09:00:00Z') });
    expect(formatOpeningTime(new Date('2026-11-23T09:00:00Z'), t, 'en')).toBe('Monday 23 November at 11:00');
    expect(openState({ isOpen: false }, locations, new Date('2026-11-22T12:00:00Z'), 1)).toEqual({
      open: false,
      reason: 'closed-by-restaurant',
      nextOpeningAt: null,
    });
  });
});
