/**
 * Checkout's pure rules (spec §5 checkout, §2 Checkout): which required fields are missing and the
 * exact texts that say so, what blocks the action button, the totals shown, and whether the
 * restaurant takes orders right now by the SERVER's clock (never the phone's clock or zone).
 */
import type { MessageId, Translate } from '../../../lib/i18n';
import type { Words } from '../../../lib/screen-words';
import { cartTotalBani } from '../../../shared/domain/cart';
import { isOpenAt, nextOpening } from '../../../shared/domain/opening-hours';
import type { Bani } from '../../../shared/money';
import { addBani, asBani } from '../../../shared/money';
import type { CustomerInfo, FulfilmentType, PaymentMethod } from '../../../shared/schemas/order';
import { customerInfoSchema } from '../../../shared/schemas/order';
import type { Location, RestaurantSettings } from '../../../shared/schemas/restaurant';
import type { Locale } from '../../../shared/i18n/locales';
import { perLocale } from '../../../shared/i18n/locales';
import { TIME_SLOT_TEXT } from './order-timing';

export const CUSTOMER_FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];

export const CUSTOMER_FIELD_LABELS: Record<CustomerField, MessageId> = {
  firstName: 'checkout.customer.firstName',
  lastName: 'checkout.customer.lastName',
  email: 'checkout.customer.email',
  phone: 'checkout.customer.phone',
};

export const NO_ADDRESS_TEXT: MessageId = 'checkout.address.none';
export const ADD_ADDRESS_TO_PAY_TEXT: MessageId = 'checkout.address.addToPay';
export const SELECT_ADDRESS_TEXT: MessageId = 'checkout.missing.address';
export const PICKUP_LOCATION_TEXT: MessageId = 'checkout.missing.pickupLocation';
export const PAYMENT_METHOD_TEXT: MessageId = 'checkout.missing.paymentMethod';

const REQUIRED_TEXT: Record<CustomerField, MessageId> = {
  firstName: 'checkout.customer.firstNameRequired',
  lastName: 'checkout.customer.lastNameRequired',
  email: 'checkout.customer.emailRequired',
  phone: 'checkout.customer.phoneRequired',
};
const FORMAT_TEXT: Record<CustomerField, MessageId> = {
  firstName: 'checkout.customer.firstNameTooLong',
  lastName: 'checkout.customer.lastNameTooLong',
  email: 'checkout.customer.emailInvalid',
  phone: 'checkout.customer.phoneInvalid',
};

/** '{field} is required'. */
export function requiredText(field: CustomerField): MessageId {
  return REQUIRED_TEXT[field];
}

/** Per-field error: required when empty, otherwise the format problem, or null. */
export function customerFieldErrors(info: CustomerInfo): Partial<Record<CustomerField, MessageId>> {
  const errors: Partial<Record<CustomerField, MessageId>> = {};
  for (const field of CUSTOMER_FIELDS) if (!info[field].trim()) errors[field] = requiredText(field);
  const parsed = customerInfoSchema.safeParse(info);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as CustomerField;
      if (errors[field] || !CUSTOMER_FIELDS.includes(field)) continue;
      // The email and phone are checked for their form; the names only for their length.
      errors[field] = FORMAT_TEXT[field];
    }
  }
  return errors;
}

export interface CheckoutDraft {
  customer: CustomerInfo;
  fulfilment: FulfilmentType;
  addressId: number | null;
  locationId: number | null;
  paymentMethod: PaymentMethod | null;
  /** Issue 22: "for later" is chosen but no slot yet. */
  slotMissing?: boolean;
}

/** Everything still missing, in the order the form shows it: the labels behind 'Please enter: ...'. */
export function missingItems(draft: CheckoutDraft): MessageId[] {
  const missing: MessageId[] = CUSTOMER_FIELDS.filter((field) => !draft.customer[field].trim()).map(
    (field) => CUSTOMER_FIELD_LABELS[field],
  );
  if (draft.fulfilment === 'delivery' && draft.addressId === null) missing.push(SELECT_ADDRESS_TEXT);
  if (draft.fulfilment === 'pickup' && draft.locationId === null) missing.push(PICKUP_LOCATION_TEXT);
  if (draft.slotMissing) missing.push(TIME_SLOT_TEXT);
  if (draft.paymentMethod === null) missing.push(PAYMENT_METHOD_TEXT);
  return missing;
}

/** The disabled action button's text. */
export function pleaseEnterText(missing: readonly MessageId[]): Words {
  return { id: 'checkout.pleaseEnter', items: missing };
}

/** The 'Missing Information' toast's message. */
export function pleaseFillInText(missing: readonly MessageId[]): Words {
  return { id: 'checkout.pleaseFillIn', items: missing };
}

export interface CheckoutTotals {
  subtotalBani: Bani;
  deliveryFeeBani: Bani;
  taxBani: Bani;
  totalBani: Bani;
  minimumOrderBani: Bani;
  /** How much more the cart needs to reach the minimum order; 0 when it does. */
  shortOfMinimumBani: Bani;
}

/**
 * Display totals from the cart (prices as stored with each line) and the settings. The server
 * recomputes everything from its own catalogue; this only shows what the customer is asked to pay.
 * Pickup carries no delivery fee. Tax is 0 by the spec's constants (shown only when above 0).
 */
export function checkoutTotals(
  lines: Parameters<typeof cartTotalBani>[0],
  settings: Pick<RestaurantSettings, 'deliveryFeeBani' | 'minimumOrderBani'> & { minimumOrderAppliesToPickup?: boolean },
  fulfilment: FulfilmentType,
): CheckoutTotals {
  const subtotal = cartTotalBani(lines);
  const deliveryFee = fulfilment === 'delivery' ? asBani(settings.deliveryFeeBani) : asBani(0);
  const tax = asBani(0);
  // Issue 27: the minimum is a delivery rule unless the manager extends it to pickup (as the server decides).
  const minimumApplies = fulfilment === 'delivery' || settings.minimumOrderAppliesToPickup === true;
  const minimum = asBani(minimumApplies ? settings.minimumOrderBani : 0);
  return {
    subtotalBani: subtotal,
    deliveryFeeBani: deliveryFee,
    taxBani: tax,
    totalBani: addBani(subtotal, deliveryFee, tax),
    minimumOrderBani: minimum,
    shortOfMinimumBani: asBani(Math.max(0, minimum - subtotal)),
  };
}

/** The device clock's distance from the server's (ms), measured when /api/restaurant answered. */
export function serverClockOffsetMs(serverNowIso: string, deviceNowMs: number): number {
  const server = Date.parse(serverNowIso);
  return Number.isNaN(server) ? 0 : server - deviceNowMs;
}

export type OpenState = { open: true } | { open: false; reason: 'closed-by-restaurant' | 'outside-hours'; nextOpeningAt: Date | null };

/**
 * Whether orders are taken now: the settings' open toggle and the opening hours (of the chosen
 * pickup location; for delivery, of any location). `now` is the server's time.
 */
export function openState(
  settings: Pick<RestaurantSettings, 'isOpen'>,
  locations: readonly Pick<Location, 'id' | 'openingHours'>[],
  now: Date,
  pickupLocationId: number | null,
): OpenState {
  if (!settings.isOpen) return { open: false, reason: 'closed-by-restaurant', nextOpeningAt: null };
  const relevant = pickupLocationId === null ? locations : locations.filter((l) => l.id === pickupLocationId);
  if (relevant.length === 0 || relevant.some((l) => isOpenAt(l.openingHours, now))) return { open: true };
  const next = relevant
    .map((l) => nextOpening(l.openingHours, now))
    .filter((at): at is Date => at !== null)
    .sort((a, b) => a.getTime() - b.getTime());
  return { open: false, reason: 'outside-hours', nextOpeningAt: next[0] ?? null };
}

const openingFormatter = perLocale(
  (tag) =>
    new Intl.DateTimeFormat(tag, {
      timeZone: 'Europe/Bucharest',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

/** "Sunday 22 November at 11:00" ("duminică 22 noiembrie, ora 11:00") in Bucharest time. */
export function formatOpeningTime(at: Date, t: Translate, locale: Locale): string {
  const parts = Object.fromEntries(
    openingFormatter(locale)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return t('checkout.openingTime', {
    weekday: parts.weekday ?? '',
    day: parts.day ?? '',
    month: parts.month ?? '',
    time: `${parts.hour}:${parts.minute}`,
  });
}
