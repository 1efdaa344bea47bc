/**
 * The checkout screen (spec §2 Checkout, §5 checkout rules, §8 Checkout and payment): 65/35 layout
 * with the customer info, delivery or pickup, payment method and the order summary; a fixed bottom
 * bar with the total and the action button.
 *
 * Flow: the order is created first (POST /api/orders with the attempt's Idempotency-Key); cash then
 * goes to the confirmation page (the route navigates, then the cart is cleared); card asks for a
 * hosted checkout session and the browser goes there (the cart is cleared once the order is paid).
 * The server re-prices and re-checks everything; this screen only shows and pre-checks.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';

import { Dialog } from '../../../components/dialog';
import { Spinner } from '../../../components/skeleton';
import type { CartLineRow, QueuedOrderPreview } from '../../../db/app-db';
import { ApiRequestError, NetworkError } from '../../../lib/api-fetch';
import { requestPersistentStorage } from '../../../lib/persistent-storage';
import { enqueueWrite } from '../../../sync/outbox-runtime';
import { ORDER_CREATE_KIND } from '../../../sync/queued-orders';
import { cartLineTotalBani, cartUnitPriceBani } from '../../../shared/domain/cart';
import { formatWeight } from '../../../shared/domain/weight-pricing';
import { notify } from '../../../lib/notify';
import { asBani, formatLei } from '../../../shared/money';
import type { CreateOrderInput, CustomerInfo, FulfilmentType, PaymentMethod, PriceChange } from '../../../shared/schemas/order';
import { priceChangeSchema } from '../../../shared/schemas/order';
import type { Address } from '../../../shared/schemas/address';
import type { CurrentUser } from '../../../shared/schemas/user';
import { checkoutKeys, checkoutRestaurantQueryOptions, createCheckoutSession, createOrder } from '../api/checkout-api';
import type { CheckoutAttempt } from '../domain/attempt-key';
import { attemptAfterFailure, attemptFor } from '../domain/attempt-key';
import type { CheckoutDraft, CheckoutTotals, CustomerField } from '../domain/checkout-rules';
import {
  ADD_ADDRESS_TO_PAY_TEXT,
  checkoutTotals,
  CUSTOMER_FIELDS,
  customerFieldErrors,
  formatOpeningTime,
  missingItems,
  openState,
  pleaseEnterText,
  pleaseFillInText,
  serverClockOffsetMs,
} from '../domain/checkout-rules';
import { clearCheckoutCart, useCheckoutCart } from '../hooks/use-checkout-cart';
import { useOnline } from '../../../lib/use-online';
import { CheckoutSummary } from './checkout-summary';
import { CustomerInfoForm } from './customer-info-form';
import type { AddressSlots } from './fulfilment-section';
import { FulfilmentSection } from './fulfilment-section';
import { CARD_NEEDS_CONNECTION_TEXT, PaymentMethodSection } from './payment-method-section';
import './checkout.css';

export const CASH_ORDER_ERROR_TEXT = 'Failed to process cash order. Please try again.';
export const CHECKOUT_ERROR_TEXT = 'Failed to start checkout process. Please try again.';
export const LOAD_ERROR_TEXT = 'Failed to load checkout data. Please try again.';

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

/** How often the open/closed state is re-evaluated against the server clock. */
const CLOCK_TICK_MS = 30_000;

export interface CheckoutScreenProps {
  user: CurrentUser;
  /**
   * My saved addresses as the route reads them through the addresses feature (undefined while
   * loading), so the default can be preselected and a missing address named.
   */
  addresses: { data: readonly Address[] | undefined; isError: boolean; refetch(): unknown };
  slots?: AddressSlots;
  /** The cart turned out empty (nothing to check out): the route sends the customer home. */
  onCartEmpty(): void;
  /** A cash order was placed: the route goes to its confirmation. Resolves once there. */
  onCashOrderPlaced(orderNumber: string): Promise<void>;
  /** A cash order was queued (no connection): the route goes to its queued confirmation. */
  onCashOrderQueued(queueId: string): Promise<void>;
}

function initialCustomer(user: CurrentUser): CustomerInfo {
  return { firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone ?? '' };
}

function toOrderLines(lines: readonly CartLineRow[]): CreateOrderInput['items'] {
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

/** The lines and total as confirmed, shown while the order waits in the outbox. */
function queuedPreview(lines: readonly CartLineRow[], totals: CheckoutTotals, fulfilment: FulfilmentType): QueuedOrderPreview {
  return {
    lines: lines.map((line) => ({
      menuItemId: line.menuItemId,
      name: line.weightGrams !== undefined ? `${line.name} · ${formatWeight(line.weightGrams)}` : line.name,
      modifiers: line.selectedModifiers.map((m) => m.name),
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

function useServerNow(serverNowIso: string | undefined, fetchedAtDeviceMs: number | undefined): Date {
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setDeviceNow(Date.now()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  if (!serverNowIso || fetchedAtDeviceMs === undefined) return new Date(deviceNow);
  return new Date(deviceNow + serverClockOffsetMs(serverNowIso, fetchedAtDeviceMs));
}

export function CheckoutScreen({ user, addresses, slots, onCartEmpty, onCashOrderPlaced, onCashOrderQueued }: CheckoutScreenProps) {
  const queryClient = useQueryClient();
  const lines = useCheckoutCart();
  const restaurant = useQuery(checkoutRestaurantQueryOptions());
  const online = useOnline();
  const serverNow = useServerNow(restaurant.data?.serverNow, restaurant.data?.fetchedAtDeviceMs);

  const [customer, setCustomer] = useState<CustomerInfo>(() => initialCustomer(user));
  const [touched, setTouched] = useState<ReadonlySet<CustomerField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [fulfilment, setFulfilment] = useState<FulfilmentType>('delivery');
  const [chosenAddressId, setChosenAddressId] = useState<number | null>(null);
  const [locationId, setLocationId] = useState<number | null>(null);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod | null>(null);
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const [addingAddress, setAddingAddress] = useState(false);
  const [priceChange, setPriceChange] = useState<PriceChange | null>(null);
  const [acceptedTotalBani, setAcceptedTotalBani] = useState<number | null>(null);
  /** Set once the order is placed, so clearing the cart does not bounce the customer home. */
  const placed = useRef(false);
  /** One Idempotency-Key per checkout attempt: reused while the body stays the same (see attempt-key.ts). */
  const attempt = useRef<CheckoutAttempt | null>(null);

  // Offline, a chosen card payment cannot go ahead: fall back to no choice so the button says so.
  const effectivePayment = paymentMethod === 'card' && !online ? null : paymentMethod;

  // The default address is preselected; a chosen one that disappeared falls back to it.
  const addressList = addresses.data;
  const addressId = useMemo(() => {
    if (!addressList || addressList.length === 0) return null;
    if (chosenAddressId !== null && addressList.some((a) => a.id === chosenAddressId)) return chosenAddressId;
    return (addressList.find((a) => a.isDefault) ?? (addressList.length === 1 ? addressList[0] : undefined))?.id ?? null;
  }, [addressList, chosenAddressId]);

  useEffect(() => {
    if (lines !== undefined && lines.length === 0 && !placed.current) onCartEmpty();
  }, [lines, onCartEmpty]);

  if (restaurant.isError && !restaurant.data) {
    return (
      <section className="checkout-state" role="alert">
        <h1>Checkout</h1>
        <p>{LOAD_ERROR_TEXT}</p>
        <button type="button" className="button" onClick={() => void restaurant.refetch()}>
          Try again
        </button>
      </section>
    );
  }
  if (lines === undefined || !restaurant.data || lines.length === 0) {
    return (
      <section className="checkout-state">
        <h1 className="visually-hidden">Checkout</h1>
        <Spinner label="Loading checkout..." />
      </section>
    );
  }

  const { settings, locations } = restaurant.data;
  const totals = checkoutTotals(lines, settings, fulfilment);
  const shownTotalBani = asBani(acceptedTotalBani ?? totals.totalBani);
  const draft: CheckoutDraft = { customer, fulfilment, addressId, locationId, paymentMethod: effectivePayment };
  const missing = missingItems(draft);
  const fieldErrors = customerFieldErrors(customer);
  const visibleErrors = Object.fromEntries(
    CUSTOMER_FIELDS.filter((field) => (submitted || touched.has(field)) && fieldErrors[field]).map((field) => [field, fieldErrors[field]]),
  );
  const noAddress = fulfilment === 'delivery' && addressList !== undefined && addressList.length === 0;
  const selectedAddress = addressList?.find((a) => a.id === addressId);
  const undeliverable = fulfilment === 'delivery' && selectedAddress !== undefined && !selectedAddress.isDeliverable;
  const open = openState(settings, locations, serverNow, fulfilment === 'pickup' ? locationId : null);
  const belowMinimum = totals.shortOfMinimumBani > 0;
  const invalidFields = CUSTOMER_FIELDS.some((field) => fieldErrors[field] && customer[field].trim());

  let blockedText: string | null = null;
  if (!open.open) blockedText = 'Restaurant closed';
  else if (belowMinimum) blockedText = `Minimum order ${formatLei(totals.minimumOrderBani)}`;
  else if (noAddress) blockedText = ADD_ADDRESS_TO_PAY_TEXT;
  else if (missing.length > 0) blockedText = pleaseEnterText(missing);
  else if (undeliverable) blockedText = 'Choose an address inside the delivery zone';
  else if (invalidFields) blockedText = 'Check your details';
  const actionText = effectivePayment === 'cash' ? `Place Order · ${formatLei(shownTotalBani)}` : `Pay ${formatLei(shownTotalBani)}`;

  const closedText = open.open
    ? ''
    : open.reason === 'closed-by-restaurant'
      ? 'The restaurant is not taking orders right now. Please try again later.'
      : open.nextOpeningAt
        ? `The restaurant is closed right now. It opens again on ${formatOpeningTime(open.nextOpeningAt)}.`
        : 'The restaurant is closed right now.';

  function attemptKey(body: string): string {
    attempt.current = attemptFor(attempt.current, body, () => crypto.randomUUID());
    return attempt.current.key;
  }

  async function submit() {
    setSubmitted(true);
    if (!lines) return;
    if (noAddress) {
      notify({ type: 'warning', title: 'Missing Information', message: ADD_ADDRESS_TO_PAY_TEXT });
      return;
    }
    if (missing.length > 0) {
      notify({ type: 'warning', title: 'Missing Information', message: pleaseFillInText(missing) });
      return;
    }
    if (blockedText || !effectivePayment) {
      if (!open.open) notify({ type: 'warning', title: 'Restaurant Closed', message: closedText });
      else notify({ type: 'warning', title: 'Missing Information', message: blockedText ?? pleaseFillInText(missing) });
      return;
    }
    const method = effectivePayment;
    const input: CreateOrderInput = {
      items: toOrderLines(lines),
      fulfilment: fulfilment === 'delivery' ? { type: 'delivery', addressId: addressId! } : { type: 'pickup', locationId: locationId! },
      paymentMethod: method,
      customer: {
        firstName: customer.firstName.trim(),
        lastName: customer.lastName.trim(),
        email: customer.email.trim(),
        phone: customer.phone.trim(),
      },
      ...(notes.trim() ? { notes: notes.trim() } : {}),
      expectedTotalBani: shownTotalBani,
    };
    const key = attemptKey(JSON.stringify(input));
    const errorTitle = method === 'cash' ? 'Order Error' : 'Checkout Error';
    const errorText = method === 'cash' ? CASH_ORDER_ERROR_TEXT : CHECKOUT_ERROR_TEXT;
    setBusy(true);

    /**
     * Offline (or the answer lost to the connection): a cash order goes into the outbox under this
     * attempt's key, so if the server did get the first attempt it replays that order rather than
     * placing a second. It is "Queued — not placed yet" until the server accepts it.
     */
    async function queue() {
      placed.current = true;
      await enqueueWrite({
        id: key,
        kind: ORDER_CREATE_KIND,
        label: `Cash order · ${formatLei(shownTotalBani)}`,
        request: { method: 'POST', path: '/api/orders', body: input },
        userId: user.id,
        preview: queuedPreview(lines!, { ...totals, totalBani: shownTotalBani }, fulfilment),
      });
      void requestPersistentStorage();
      try {
        await onCashOrderQueued(key);
      } finally {
        await clearCheckoutCart();
      }
    }
    if (method === 'cash' && !navigator.onLine) {
      await queue();
      return;
    }

    let order;
    try {
      order = await createOrder(input, key);
    } catch (error) {
      if (method === 'cash' && error instanceof NetworkError) {
        await queue();
        return;
      }
      setBusy(false);
      // A refusal (4xx) is replayed for the same key: the next press must ask afresh.
      attempt.current = attemptAfterFailure(attempt.current, error instanceof ApiRequestError ? error.status : null);
      if (error instanceof ApiRequestError && error.code === 'price_changed') {
        const details = priceChangeSchema.safeParse(error.details);
        if (details.success) {
          setPriceChange(details.data);
          return;
        }
      }
      if (error instanceof ApiRequestError && error.code === 'restaurant_closed')
        void queryClient.invalidateQueries({ queryKey: checkoutKeys.restaurant() });
      if (error instanceof ApiRequestError && (error.code.startsWith('address_') || error.code === 'address_not_deliverable'))
        void addresses.refetch();
      const explained = error instanceof ApiRequestError && EXPLAINED_REFUSALS.has(error.code) && error.message;
      notify({ type: 'error', title: errorTitle, message: explained ? error.message : errorText });
      return;
    }
    if (method === 'cash') {
      placed.current = true;
      void requestPersistentStorage();
      try {
        await onCashOrderPlaced(order.orderNumber);
      } finally {
        await clearCheckoutCart();
      }
      return;
    }
    try {
      const url = await createCheckoutSession(order.orderNumber);
      placed.current = true;
      window.location.assign(url);
    } catch {
      setBusy(false);
      notify({ type: 'error', title: 'Checkout Error', message: CHECKOUT_ERROR_TEXT });
    }
  }

  return (
    <div className="checkout">
      <h1 className="checkout__title">Checkout</h1>
      {!open.open ? (
        <p className="checkout-notice checkout-notice--closed" role="status">
          {closedText}
        </p>
      ) : null}
      {priceChange ? (
        <section className="checkout-notice checkout-notice--warning" role="alert" aria-labelledby="checkout-price-change">
          <h2 id="checkout-price-change" className="checkout-section__title">
            Prices have changed
          </h2>
          <ul>
            {priceChange.changes.map((change) => (
              <li key={`${change.menuItemId}-${change.kind}`}>
                {change.kind === 'unavailable'
                  ? `${change.name} is no longer available.`
                  : `${change.name}: ${change.beforeBani === null ? '?' : formatLei(asBani(change.beforeBani))} → ${change.afterBani === null ? '?' : formatLei(asBani(change.afterBani))}`}
              </li>
            ))}
          </ul>
          <p>
            New total: <strong>{formatLei(asBani(priceChange.totalBani))}</strong>
          </p>
          <button
            type="button"
            className="button"
            onClick={() => {
              setAcceptedTotalBani(priceChange.totalBani);
              setPriceChange(null);
            }}
          >
            Accept new total
          </button>
        </section>
      ) : null}
      <form
        className="checkout__layout"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void submit();
        }}
      >
        <div className="checkout__main">
          <CustomerInfoForm
            value={customer}
            errors={visibleErrors}
            onChange={(field, value) => setCustomer((current) => ({ ...current, [field]: value }))}
            onBlur={(field) => setTouched((current) => new Set(current).add(field))}
          />
          <FulfilmentSection
            fulfilment={fulfilment}
            onFulfilmentChange={(value) => {
              setFulfilment(value);
              setAcceptedTotalBani(null);
            }}
            addresses={addressList}
            addressesFailed={addresses.isError}
            addressId={addressId}
            onAddressChange={setChosenAddressId}
            onAddAddress={() => setAddingAddress(true)}
            slots={slots}
            locations={locations}
            locationId={locationId}
            onLocationChange={setLocationId}
            serverNow={serverNow}
            estimatedDeliveryTime={settings.estimatedDeliveryTime}
          />
          {noAddress && submitted ? (
            <p className="checkout-notice checkout-notice--warning" role="alert">
              {ADD_ADDRESS_TO_PAY_TEXT}
            </p>
          ) : null}
          <PaymentMethodSection value={effectivePayment} onChange={setPaymentMethod} online={online} fulfilment={fulfilment} />
          <section className="checkout-section">
            <div className="field">
              <label htmlFor="checkout-notes">Notes for the restaurant (optional)</label>
              <textarea id="checkout-notes" rows={3} maxLength={500} value={notes} onChange={(event) => setNotes(event.target.value)} />
            </div>
          </section>
        </div>
        <aside className="checkout__aside">
          <CheckoutSummary lines={lines} totals={totals} fulfilment={fulfilment} />
        </aside>
        <div className="checkout-bar">
          <div className="checkout-bar__inner">
            <p className="checkout-bar__total">
              <span>Total</span> <strong>{formatLei(shownTotalBani)}</strong>
            </p>
            {!online && paymentMethod === 'card' ? <p className="checkout-bar__hint">{CARD_NEEDS_CONNECTION_TEXT}</p> : null}
            <button
              type="submit"
              className="button checkout-bar__action"
              aria-disabled={blockedText !== null || busy ? true : undefined}
              data-blocked={blockedText !== null || busy ? '' : undefined}
            >
              {busy ? 'Processing...' : (blockedText ?? actionText)}
            </button>
          </div>
        </div>
      </form>
      {addingAddress && slots ? (
        slots.renderAddAddress({
          onDone: () => {
            setAddingAddress(false);
            void addresses.refetch();
          },
        })
      ) : addingAddress ? (
        <Dialog title="Add New Address" onClose={() => setAddingAddress(false)}>
          <p>Addresses can be added from your profile.</p>
        </Dialog>
      ) : null}
    </div>
  );
}
