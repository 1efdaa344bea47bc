import { everyWordOf } from '../../../../tests/fixtures/every-word';
import { beforeAll, describe, expect, it } from 'vitest';

import type { Translate } from '../../../lib/i18n';
import type { Words } from '../../../lib/screen-words';
import { toastText, wordsText } from '../../../lib/screen-words';

import { cartLine } from '../../../../tests/fixtures/checkout-cart-lines';
import { asBani } from '../../../shared/money';
import type { PriceChange } from '../../../shared/schemas/order';
import type { OpenState } from './checkout-rules';
import { ADD_ADDRESS_TO_PAY_TEXT, checkoutTotals } from './checkout-rules';
import type { CheckoutState, PressVerdict } from './checkout-state';
import {
  blockedText,
  CASH_ORDER_ERROR_TEXT,
  CHECKOUT_ERROR_TEXT,
  checkoutReducer,
  closedText,
  initialCheckoutState,
  orderInput,
  pressVerdict,
  queuedPreview,
  refusalNotice,
} from './checkout-state';

/** The English the screen shows (the catalogue's own runtime): the spec's texts are a contract. */
let t: Translate;
beforeAll(async () => {
  const english = everyWordOf('en');
  t = (id, values) => english._(id, values);
});
const english = (words: Words | null) => (words === null ? null : wordsText(t, words));
const shownVerdict = (verdict: PressVerdict) =>
  verdict.go ? verdict : { go: false, notice: { type: verdict.notice.type, ...toastText(t, verdict.notice) } };

const open: OpenState = { open: true };
const closedOutsideHours: OpenState = { open: false, reason: 'outside-hours', nextOpeningAt: new Date('2026-11-23T09:00:00Z') };
const priceChange: PriceChange = {
  expectedTotalBani: asBani(9000),
  totalBani: asBani(9400),
  changes: [{ menuItemId: 7, name: 'Pork ribs', kind: 'price', beforeBani: asBani(4500), afterBani: asBani(4700) }],
};

describe('checkout workflow state', () => {
  it('goes editing → sending on a press, and stays busy while leaving after placed or queued', () => {
    let state = checkoutReducer(initialCheckoutState, { type: 'pressed' });
    expect(state).toEqual({ ...initialCheckoutState, submitted: true });
    state = checkoutReducer(state, { type: 'sent' });
    expect(state.phase).toBe('sending');
    expect(checkoutReducer(state, { type: 'outcome', outcome: { kind: 'placed', method: 'cash', orderNumber: 'A-1' } }).phase).toBe(
      'leaving',
    );
    expect(checkoutReducer(state, { type: 'outcome', outcome: { kind: 'queued', queueId: 'k' } }).phase).toBe('leaving');
    const card = checkoutReducer(state, {
      type: 'outcome',
      outcome: { kind: 'placed', method: 'card', orderNumber: 'A-2', paymentUrl: 'https://pay' },
    });
    expect(card.phase).toBe('leaving');
  });

  it('returns to editing on a refusal, keeping the press so every field error shows', () => {
    const sending: CheckoutState = { ...initialCheckoutState, submitted: true, phase: 'sending' };
    const refused = checkoutReducer(sending, {
      type: 'outcome',
      outcome: {
        kind: 'refused',
        notice: { type: 'error', title: 'checkout.notice.orderError', message: CASH_ORDER_ERROR_TEXT },
        stale: null,
      },
    });
    expect(refused).toEqual({ ...sending, phase: 'editing' });
  });

  it('shows a price change until the new total is accepted, and forgets the accepted total when the fulfilment changes', () => {
    const sending: CheckoutState = { ...initialCheckoutState, submitted: true, phase: 'sending' };
    const changed = checkoutReducer(sending, { type: 'outcome', outcome: { kind: 'priceChanged', priceChange } });
    expect(changed.phase).toBe('editing');
    expect(changed.priceChange).toEqual(priceChange);
    const accepted = checkoutReducer(changed, { type: 'acceptedNewTotal' });
    expect(accepted.priceChange).toBeNull();
    expect(accepted.acceptedTotalBani).toBe(9400);
    expect(checkoutReducer(accepted, { type: 'fulfilmentChanged' }).acceptedTotalBani).toBeNull();
  });

  it('ignores a second send while one is on its way', () => {
    const sending: CheckoutState = { ...initialCheckoutState, phase: 'sending' };
    expect(checkoutReducer(sending, { type: 'sent' })).toBe(sending);
    const leaving: CheckoutState = { ...initialCheckoutState, phase: 'leaving' };
    expect(checkoutReducer(leaving, { type: 'sent' })).toBe(leaving);
  });
});

describe('what a press does before sending', () => {
  const ready = { noAddress: false, missing: [], blockedText: null, open, closedText: { verbatim: '' }, payment: 'cash' as const };

  it('goes with the chosen method when nothing blocks', () => {
    expect(pressVerdict(ready)).toEqual({ go: true, method: 'cash' });
  });

  it('names the missing address first, then the missing fields', () => {
    expect(shownVerdict(pressVerdict({ ...ready, noAddress: true, missing: ['checkout.customer.email'] }))).toEqual({
      go: false,
      notice: { type: 'warning', title: 'Missing Information', message: t(ADD_ADDRESS_TO_PAY_TEXT) },
    });
    expect(
      shownVerdict(pressVerdict({ ...ready, missing: ['checkout.customer.email', 'checkout.missing.paymentMethod'], payment: null })),
    ).toEqual({
      go: false,
      notice: { type: 'warning', title: 'Missing Information', message: 'Please fill in: Email, Payment method' },
    });
  });

  it("says 'Restaurant Closed' with the reopening time when closed, else repeats the button's reason", () => {
    const text = closedText(closedOutsideHours, () => 'Monday 23 November at 11:00');
    expect(english(text)).toBe('The restaurant is closed right now. It opens again on Monday 23 November at 11:00.');
    expect(
      shownVerdict(pressVerdict({ ...ready, open: closedOutsideHours, closedText: text, blockedText: 'checkout.blocked.closed' })),
    ).toEqual({
      go: false,
      notice: { type: 'warning', title: 'Restaurant Closed', message: english(text) },
    });
    expect(shownVerdict(pressVerdict({ ...ready, blockedText: 'checkout.blocked.checkDetails' }))).toEqual({
      go: false,
      notice: { type: 'warning', title: 'Missing Information', message: 'Check your details' },
    });
  });

  it('blocks the button for the first reason in order: closed, minimum, address, missing, zone, invalid', () => {
    const none = {
      open,
      belowMinimum: false,
      minimumText: '50.00 lei',
      noAddress: false,
      missing: [],
      undeliverable: false,
      invalidFields: false,
    };
    expect(blockedText(none)).toBeNull();
    expect(english(blockedText({ ...none, invalidFields: true, undeliverable: true }))).toBe('Choose an address inside the delivery zone');
    expect(english(blockedText({ ...none, invalidFields: true }))).toBe('Check your details');
    expect(english(blockedText({ ...none, missing: ['checkout.customer.phone'], invalidFields: true }))).toBe('Please enter: Phone');
    expect(english(blockedText({ ...none, noAddress: true, missing: ['checkout.customer.phone'] }))).toBe(t(ADD_ADDRESS_TO_PAY_TEXT));
    expect(english(blockedText({ ...none, belowMinimum: true, noAddress: true }))).toBe('Minimum order 50.00 lei');
    expect(english(blockedText({ ...none, open: closedOutsideHours, belowMinimum: true }))).toBe('Restaurant closed');
    expect(english(closedText({ open: false, reason: 'closed-by-restaurant', nextOpeningAt: null }, String))).toBe(
      'The restaurant is not taking orders right now. Please try again later.',
    );
  });
});

describe('the order body and the queued preview', () => {
  it('trims the details, sends what the customer saw per line, and leaves out empty notes', () => {
    const line = cartLine({ specialInstructions: '  well done ', weightGrams: 600 });
    const input = orderInput({
      lines: [line],
      fulfilment: 'pickup',
      addressId: 4,
      locationId: 2,
      method: 'cash',
      customer: { firstName: ' Ana ', lastName: 'Pop ', email: ' ana@example.ro', phone: '0722 000 000 ' },
      notes: '   ',
      expectedTotalBani: asBani(5400),
    });
    expect(input).toEqual({
      items: [
        { menuItemId: 7, quantity: 2, modifierIds: [3], specialInstructions: 'well done', expectedUnitPriceBani: 2700, weightGrams: 600 },
      ],
      fulfilment: { type: 'pickup', locationId: 2 },
      paymentMethod: 'cash',
      customer: { firstName: 'Ana', lastName: 'Pop', email: 'ana@example.ro', phone: '0722 000 000' },
      expectedTotalBani: 5400,
    });
  });

  it('previews the queued order with the agreed total', () => {
    const line = cartLine();
    const totals = checkoutTotals([line], { deliveryFeeBani: 1000, minimumOrderBani: 0 }, 'delivery');
    expect(queuedPreview([line], { ...totals, totalBani: asBani(12345) }, 'delivery')).toEqual({
      lines: [
        {
          menuItemId: 7,
          name: 'Pork ribs',
          modifiers: ['Extra sauce'],
          modifierIds: [3],
          quantity: 2,
          unitPriceBani: 4500,
          lineTotalBani: 9000,
        },
      ],
      subtotalBani: 9000,
      deliveryFeeBani: 1000,
      totalBani: 12345,
      fulfilment: 'delivery',
    });
  });

  it('previews a per-kg line by its name and its portion, so the screen words the weight in its language (0172)', () => {
    const line = cartLine({ weightGrams: 1250 });
    const totals = checkoutTotals([line], { deliveryFeeBani: 0, minimumOrderBani: 0 }, 'pickup');
    expect(queuedPreview([line], totals, 'pickup').lines).toMatchObject([{ menuItemId: 7, name: 'Pork ribs', weightGrams: 1250 }]);
  });
});

describe('how a refusal reads', () => {
  it("shows the server's words for refusals that explain themselves and marks what is stale", () => {
    expect(refusalNotice('cash', { code: 'restaurant_closed', message: 'We are closed.' })).toEqual({
      notice: { type: 'error', title: 'checkout.notice.orderError', message: { verbatim: 'We are closed.' } },
      stale: 'restaurant',
    });
    expect(refusalNotice('card', { code: 'address_not_deliverable', message: 'Outside the zone.' })).toEqual({
      notice: { type: 'error', title: 'checkout.notice.checkoutError', message: { verbatim: 'Outside the zone.' } },
      stale: 'addresses',
    });
  });

  it('falls back to the generic text per method for anything else', () => {
    expect(toastText(t, refusalNotice('card', null).notice)).toEqual({
      title: 'Checkout Error',
      message: 'Failed to start checkout process. Please try again.',
    });
    expect(refusalNotice('cash', { code: 'internal', message: 'boom' }).notice.message).toBe(CASH_ORDER_ERROR_TEXT);
    expect(refusalNotice('card', null)).toEqual({
      notice: { type: 'error', title: 'checkout.notice.checkoutError', message: CHECKOUT_ERROR_TEXT },
      stale: null,
    });
    expect(refusalNotice('cash', { code: 'item_unavailable', message: '' }).notice.message).toBe(CASH_ORDER_ERROR_TEXT);
  });
});
