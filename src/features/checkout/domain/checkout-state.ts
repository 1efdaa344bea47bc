/**
 * Checkout's placing-an-order workflow as pure values (issue 24 item 4,
 * docs/decisions/0129-checkout-state-module-and-use-place-order.md): what a press of the action
 * button may do before anything is sent (a notice, or the method to send with), the order body,
 * the outbox preview, how a refusal reads, and the reducer that moves the screen between editing,
 * sending and leaving. The screen renders from these; usePlaceOrder() performs the effects.
 */
import type { CartLineRow, QueuedOrderPreview } from '../../../db/app-db';
import type { MessageId } from '../../../lib/i18n';
import type { ToastWords, Words } from '../../../lib/screen-words';
import { cartLineTotalBani, cartUnitPriceBani } from '../../../shared/domain/cart';
import type { Bani } from '../../../shared/money';
import type { CreateOrderInput, CustomerInfo, FulfilmentType, PaymentMethod, PriceChange } from '../../../shared/schemas/order';
import type { OrderTiming } from '../../../shared/schemas/scheduling';
import type { CheckoutTotals, OpenState } from './checkout-rules';
import { ADD_ADDRESS_TO_PAY_TEXT, pleaseEnterText, pleaseFillInText } from './checkout-rules';
import type { SlotRefusal } from './order-timing';

export const CASH_ORDER_ERROR_TEXT: MessageId = 'checkout.error.cash';
export const CHECKOUT_ERROR_TEXT: MessageId = 'checkout.error.card';

/** Order refusals whose server message tells the customer what to change. */
const EXPLAINED_REFUSALS = new Set([
  'restaurant_closed',
  'item_unavailable',
  'modifier_rule',
  'below_minimum',
  'address_not_deliverable',
  'address_not_found',
  'location_not_found',
]);

export interface Notice extends ToastWords {
  type: 'warning' | 'error';
}

/** What a press of the action button does before anything is sent: tell what is missing, or go with a method. */
export type PressVerdict = { go: true; method: PaymentMethod } | { go: false; notice: Notice };

export function pressVerdict(gate: {
  noAddress: boolean;
  missing: readonly MessageId[];
  blockedText: Words | null;
  open: OpenState;
  closedText: Words;
  payment: PaymentMethod | null;
}): PressVerdict {
  const missingInfo = (message: Words): PressVerdict => ({
    go: false,
    notice: { type: 'warning', title: 'checkout.notice.missingInfo', message },
  });
  if (gate.noAddress) return missingInfo(ADD_ADDRESS_TO_PAY_TEXT);
  if (gate.missing.length > 0) return missingInfo(pleaseFillInText(gate.missing));
  if (gate.blockedText || !gate.payment) {
    if (!gate.open.open) return { go: false, notice: { type: 'warning', title: 'checkout.notice.closed', message: gate.closedText } };
    return missingInfo(gate.blockedText ?? pleaseFillInText(gate.missing));
  }
  return { go: true, method: gate.payment };
}

export function toOrderLines(lines: readonly CartLineRow[]): CreateOrderInput['items'] {
  return lines.map((line) => ({
    menuItemId: line.menuItemId,
    quantity: line.quantity,
    modifierIds: line.selectedModifiers.map((m) => m.modifierId),
    ...(line.specialInstructions.trim() ? { specialInstructions: line.specialInstructions.trim() } : {}),
    // What the customer saw, so a refusal for changed prices can name the lines that moved.
    expectedUnitPriceBani: cartUnitPriceBani(line),
    // Per-kg dishes: the chosen portion; the server checks it against the dish's steps and prices it.
    ...(line.weightGrams !== undefined ? { weightGrams: line.weightGrams } : {}),
  }));
}

/** The POST /api/orders body: trimmed details, the chosen address or location, the total the customer agreed to. */
export function orderInput(draft: {
  lines: readonly CartLineRow[];
  fulfilment: FulfilmentType;
  addressId: number | null;
  locationId: number | null;
  method: PaymentMethod;
  customer: CustomerInfo;
  notes: string;
  expectedTotalBani: Bani;
  /** Issue 22: as soon as possible or the chosen slot (absent reads as as soon as possible). */
  when?: OrderTiming;
}): CreateOrderInput {
  return {
    items: toOrderLines(draft.lines),
    fulfilment:
      draft.fulfilment === 'delivery'
        ? { type: 'delivery', addressId: draft.addressId! }
        : { type: 'pickup', locationId: draft.locationId! },
    ...(draft.when ? { when: draft.when } : {}),
    paymentMethod: draft.method,
    customer: {
      firstName: draft.customer.firstName.trim(),
      lastName: draft.customer.lastName.trim(),
      email: draft.customer.email.trim(),
      phone: draft.customer.phone.trim(),
    },
    ...(draft.notes.trim() ? { notes: draft.notes.trim() } : {}),
    expectedTotalBani: draft.expectedTotalBani,
  };
}

/** The lines and total as confirmed, shown while the order waits in the outbox. */
export function queuedPreview(lines: readonly CartLineRow[], totals: CheckoutTotals, fulfilment: FulfilmentType): QueuedOrderPreview {
  return {
    lines: lines.map((line) => ({
      menuItemId: line.menuItemId,
      name: line.name,
      modifiers: line.selectedModifiers.map((m) => m.name),
      modifierIds: line.selectedModifiers.map((m) => m.modifierId),
      ...(line.weightGrams !== undefined ? { weightGrams: line.weightGrams } : {}),
      quantity: line.quantity,
      unitPriceBani: cartUnitPriceBani(line),
      lineTotalBani: cartLineTotalBani(line),
    })),
    subtotalBani: totals.subtotalBani,
    deliveryFeeBani: totals.deliveryFeeBani,
    totalBani: totals.totalBani,
    fulfilment,
  };
}

/**
 * How a failed send reads. `refusal` is the server's answer (code and message), or null when the
 * order was created but the card payment could not start, or nothing came back that says why.
 * `stale` names what the refusal says is out of date on screen, for the caller to read again.
 */
export function refusalNotice(
  method: PaymentMethod,
  refusal: { code: string; message: string } | null,
): { notice: Notice; stale: 'restaurant' | 'addresses' | null } {
  const title: MessageId = method === 'cash' ? 'checkout.notice.orderError' : 'checkout.notice.checkoutError';
  const fallback = method === 'cash' ? CASH_ORDER_ERROR_TEXT : CHECKOUT_ERROR_TEXT;
  const explained = refusal !== null && EXPLAINED_REFUSALS.has(refusal.code) && refusal.message !== '';
  const stale = refusal?.code === 'restaurant_closed' ? 'restaurant' : refusal?.code.startsWith('address_') ? 'addresses' : null;
  return { notice: { type: 'error', title, message: explained ? { verbatim: refusal.message } : fallback }, stale };
}

/** What came of one press that was sent (usePlaceOrder's answer). */
export type PlaceOrderOutcome =
  | { kind: 'placed'; method: 'cash'; orderNumber: string }
  | { kind: 'placed'; method: 'card'; orderNumber: string; paymentUrl: string }
  | { kind: 'queued'; queueId: string }
  | { kind: 'priceChanged'; priceChange: PriceChange }
  /** Issue 22: the chosen slot filled up or is not a slot (any more): nothing placed, the next free slots offered. */
  | { kind: 'slotRefused'; refusal: SlotRefusal }
  | { kind: 'refused'; notice: Notice; stale: 'restaurant' | 'addresses' | null };

/**
 * editing: the form is live. sending: one press is on its way (the button says 'Processing...' and
 * ignores presses). leaving: the order was placed or queued, or the browser is going to the card
 * payment; the screen stays busy and the emptied cart must not send the customer home.
 */
export type CheckoutPhase = 'editing' | 'sending' | 'leaving';

export interface CheckoutState {
  phase: CheckoutPhase;
  /** The button was pressed at least once: every field's error shows from then on. */
  submitted: boolean;
  /** The server refused for changed prices: shown until the customer accepts the new total. */
  priceChange: PriceChange | null;
  /** The total the customer accepted after a price change; cleared when the fulfilment (and so the fee) changes. */
  acceptedTotalBani: number | null;
  /** The server refused the chosen slot: shown with its next free slots until another time is picked. */
  slotRefusal: SlotRefusal | null;
}

export type CheckoutEvent =
  | { type: 'pressed' }
  | { type: 'sent' }
  | { type: 'outcome'; outcome: PlaceOrderOutcome }
  | { type: 'acceptedNewTotal' }
  | { type: 'fulfilmentChanged' }
  /** Another time (or kitchen) was chosen: a slot refusal no longer applies. */
  | { type: 'whenChanged' };

export const initialCheckoutState: CheckoutState = {
  phase: 'editing',
  submitted: false,
  priceChange: null,
  acceptedTotalBani: null,
  slotRefusal: null,
};

export function checkoutReducer(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  switch (event.type) {
    case 'pressed':
      return state.submitted ? state : { ...state, submitted: true };
    case 'sent':
      return state.phase === 'editing' ? { ...state, phase: 'sending' } : state;
    case 'outcome':
      switch (event.outcome.kind) {
        case 'placed':
        case 'queued':
          return { ...state, phase: 'leaving' };
        case 'priceChanged':
          return { ...state, phase: 'editing', priceChange: event.outcome.priceChange };
        case 'slotRefused':
          return { ...state, phase: 'editing', slotRefusal: event.outcome.refusal };
        case 'refused':
          return { ...state, phase: 'editing' };
      }
      return state;
    case 'acceptedNewTotal':
      return state.priceChange ? { ...state, priceChange: null, acceptedTotalBani: state.priceChange.totalBani } : state;
    case 'fulfilmentChanged':
      return state.acceptedTotalBani === null && state.slotRefusal === null
        ? state
        : { ...state, acceptedTotalBani: null, slotRefusal: null };
    case 'whenChanged':
      return state.slotRefusal === null ? state : { ...state, slotRefusal: null };
  }
}

/** The notice above the form while orders are not taken (nothing while open). */
export function closedText(open: OpenState, formatOpening: (at: Date) => string): Words {
  if (open.open) return { verbatim: '' };
  if (open.reason === 'closed-by-restaurant') return 'checkout.closed.notTaking';
  return open.nextOpeningAt
    ? { id: 'checkout.closed.opensAgain', values: { when: formatOpening(open.nextOpeningAt) } }
    : 'checkout.closed.now';
}

/** Why the action button cannot place the order, first reason first (its text), or null when it can. */
export function blockedText(gate: {
  open: OpenState;
  belowMinimum: boolean;
  minimumText: string;
  noAddress: boolean;
  missing: readonly MessageId[];
  undeliverable: boolean;
  invalidFields: boolean;
}): Words | null {
  if (!gate.open.open) return 'checkout.blocked.closed';
  if (gate.belowMinimum) return { id: 'checkout.blocked.minimum', values: { amount: gate.minimumText } };
  if (gate.noAddress) return ADD_ADDRESS_TO_PAY_TEXT;
  if (gate.missing.length > 0) return pleaseEnterText(gate.missing);
  if (gate.undeliverable) return 'checkout.blocked.undeliverable';
  if (gate.invalidFields) return 'checkout.blocked.checkDetails';
  return null;
}
