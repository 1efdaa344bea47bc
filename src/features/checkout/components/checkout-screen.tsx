/**
 * The checkout screen (spec §2 Checkout, §5 checkout rules, §8 Checkout and payment): 65/35 layout
 * with the customer info, delivery or pickup, payment method and the order summary; a fixed bottom
 * bar with the total and the action button.
 *
 * Flow: the order is created first (POST /api/orders with the attempt's Idempotency-Key); cash then
 * goes to the confirmation page (the route navigates, then the cart is cleared); card asks for a
 * hosted checkout session and the browser goes there (the cart is cleared once the order is paid).
 * The server re-prices and re-checks everything; this screen only shows and pre-checks.
 *
 * The screen holds the form's fields and renders from the workflow's state (domain/checkout-state.ts);
 * sending, queueing, the key and the refusal texts are usePlaceOrder()'s
 * (docs/decisions/0129-checkout-state-module-and-use-place-order.md).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useState } from 'react';

import { Dialog } from '../../../components/dialog';
import { clearCart } from '../../../entities/cart/cart-repo';
import { useCartLines } from '../../../entities/cart/hooks/use-cart-lines';
import { useLocale, useT, useWords } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { toastText, wordsText } from '../../../lib/screen-words';
import { useOnline } from '../../../lib/use-online';
import { asBani, formatLei } from '../../../shared/money';
import type { Address } from '../../../shared/schemas/address';
import type { CustomerInfo, FulfilmentType, PaymentMethod } from '../../../shared/schemas/order';
import type { CurrentUser } from '../../../shared/schemas/user';
import { localParts } from '../../../shared/domain/opening-hours';
import {
  deliveryRouteQueryOptions,
  deliverySlotsQueryOptions,
  restaurantAtOrderingQueryOptions,
  slotsQueryOptions,
} from '../api/checkout-api';
import type { CheckoutDraft, CustomerField } from '../domain/checkout-rules';
import {
  ADD_ADDRESS_TO_PAY_TEXT,
  checkoutTotals,
  CUSTOMER_FIELDS,
  customerFieldErrors,
  formatOpeningTime,
  missingItems,
  openState,
  serverClockOffsetMs,
} from '../domain/checkout-rules';
import {
  blockedText as blockedTextFor,
  checkoutReducer,
  closedText as closedTextFor,
  initialCheckoutState,
  orderInput,
  pressVerdict,
  queuedPreview,
} from '../domain/checkout-state';
import { deliveryFeeFromRoute, deliveryKitchenView, pickupRows } from '../domain/kitchen-choice';
import type { WhenChoice } from '../domain/order-timing';
import { ASAP_CHOICE, choiceForSlot, slotDateTimeText, whenInput, whenView } from '../domain/order-timing';
import { usePlaceOrder } from '../hooks/use-place-order';
import { CheckoutBar, CheckoutLoadState, NotesField, PriceChangeNotice } from './checkout-notices';
import { CheckoutSummary } from './checkout-summary';
import { CustomerInfoForm } from './customer-info-form';
import type { AddressSlots } from './fulfilment-section';
import { FulfilmentSection } from './fulfilment-section';
import { CARD_NEEDS_CONNECTION_TEXT, PaymentMethodSection } from './payment-method-section';
import { WhenSection } from './when-section';
import './checkout.css';

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
  useWords('pages');
  const lines = useCartLines();
  const restaurant = useQuery(restaurantAtOrderingQueryOptions());
  const online = useOnline();
  const serverNow = useServerNow(restaurant.data?.serverNow, restaurant.data?.fetchedAtDeviceMs);
  const placeOrder = usePlaceOrder(user.id);
  const t = useT();
  const locale = useLocale();
  const [state, dispatch] = useReducer(checkoutReducer, initialCheckoutState);

  const [customer, setCustomer] = useState<CustomerInfo>(() => initialCustomer(user));
  const [touched, setTouched] = useState<ReadonlySet<CustomerField>>(new Set());
  const [fulfilment, setFulfilment] = useState<FulfilmentType>('delivery');
  const [chosenAddressId, setChosenAddressId] = useState<number | null>(null);
  const [locationId, setLocationId] = useState<number | null>(null);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod | null>(null);
  const [notes, setNotes] = useState('');
  const [addingAddress, setAddingAddress] = useState(false);
  const [whenChoice, setWhenChoice] = useState<WhenChoice>(ASAP_CHOICE);
  const busy = state.phase !== 'editing';

  // Offline, a chosen card payment cannot go ahead: fall back to no choice so the button says so.
  const effectivePayment = paymentMethod === 'card' && !online ? null : paymentMethod;

  // The default address is preselected; a chosen one that disappeared falls back to it.
  const addressList = addresses.data;
  const addressId = useMemo(() => {
    if (!addressList || addressList.length === 0) return null;
    if (chosenAddressId !== null && addressList.some((a) => a.id === chosenAddressId)) return chosenAddressId;
    return (addressList.find((a) => a.isDefault) ?? (addressList.length === 1 ? addressList[0] : undefined))?.id ?? null;
  }, [addressList, chosenAddressId]);

  // Issue 22: the kitchen that cooks it (pickup: the chosen location; delivery: the server's answer for
  // the address, GET /api/addresses/:id/kitchen, as soon as possible for the slot list and at the chosen
  // slot for the ready time) and its slots for later. The server routes and re-checks both again when
  // the order arrives (docs/decisions/0149-checkout-kitchen-from-the-server.md). Offline nothing is
  // asked: an answer read earlier in this visit stays, else the kitchen is chosen when the queued order is sent.
  const chosenSlotStart = whenChoice.type === 'slot' ? whenChoice.slotStart : null;
  const delivering = fulfilment === 'delivery' && addressId !== null;
  const asapRouteQuery = useQuery({ ...deliveryRouteQueryOptions(addressId ?? 0, null), enabled: delivering && online });
  const slotRouteQuery = useQuery({
    ...deliveryRouteQueryOptions(addressId ?? 0, chosenSlotStart),
    enabled: delivering && online && chosenSlotStart !== null,
  });
  const routeQuery = chosenSlotStart !== null ? slotRouteQuery : asapRouteQuery;
  const route = delivering ? routeQuery.data : undefined;
  const routedKitchen = route?.kind === 'routed' ? route : null;
  const asapRoute = delivering ? asapRouteQuery.data : undefined;
  const kitchenId = fulfilment === 'pickup' ? locationId : asapRoute?.kind === 'routed' ? asapRoute.locationId : null;
  // The slot list needs the connection: offline it is not asked for (nor an old copy shown). Pickup: the
  // chosen kitchen's; delivery: every covering kitchen's together, since an order for later goes to the
  // one that has its slot (docs/decisions/0150-routing-weighs-the-slot.md).
  const deliveryPin = delivering ? addressList?.find((a) => a.id === addressId) : undefined;
  const pickupSlotsQuery = useQuery({
    ...slotsQueryOptions(kitchenId ?? 0),
    enabled: fulfilment === 'pickup' && kitchenId !== null && online,
  });
  const deliverySlotsQuery = useQuery({
    ...deliverySlotsQueryOptions({ latitude: deliveryPin?.latitude ?? 0, longitude: deliveryPin?.longitude ?? 0 }),
    // Out of every zone (no kitchen routed) there is no list to ask for: the server would refuse it (422).
    enabled: deliveryPin !== undefined && online && kitchenId !== null,
  });
  const slotsQuery = fulfilment === 'delivery' ? deliverySlotsQuery : pickupSlotsQuery;

  // Once the order is placed or queued, the cart is emptied on purpose: that must not bounce the customer home.
  const leaving = state.phase === 'leaving';
  useEffect(() => {
    if (lines !== undefined && lines.length === 0 && !leaving) onCartEmpty();
  }, [lines, leaving, onCartEmpty]);

  if ((restaurant.isError && !restaurant.data) || lines === undefined || !restaurant.data || lines.length === 0)
    return <CheckoutLoadState failed={restaurant.isError && !restaurant.data} onRetry={() => void restaurant.refetch()} />;

  const { settings, locations } = restaurant.data;
  const kitchenLocation = locations.find((l) => l.id === kitchenId);
  const subtotalBani = checkoutTotals(lines, settings, fulfilment).subtotalBani;
  // The routed kitchen's fee band and free threshold, and its minimum order (what the server will charge).
  // Without the server's answer (loading, offline) no fee or minimum is guessed: the summary says the fee
  // is decided when the order is sent or placed, and the server prices it then.
  const fee = fulfilment === 'delivery' && routedKitchen ? deliveryFeeFromRoute(routedKitchen, subtotalBani, locale) : null;
  const totals = checkoutTotals(
    lines,
    {
      ...settings,
      deliveryFeeBani: fee?.quote.kind === 'priced' ? fee.quote.feeBani : 0,
      minimumOrderBani:
        fulfilment === 'delivery'
          ? (routedKitchen?.minimumOrderBani ?? 0)
          : (kitchenLocation?.minimumOrderBani ?? settings.minimumOrderBani),
    },
    fulfilment,
  );
  const kitchenView = deliveryKitchenView(
    route,
    { online, failed: routeQuery.isError, addressChosen: delivering, forSlot: chosenSlotStart !== null },
    locale,
  );
  const shownTotalBani = asBani(state.acceptedTotalBani ?? totals.totalBani);
  const open = openState(settings, locations, serverNow, kitchenId);
  const slotsForView = online && kitchenId !== null ? slotsQuery.data : undefined;
  const when = whenView(whenChoice, slotsForView, localParts(serverNow).date, open.open, locale);
  const whenBody = whenInput(when);
  // An order for later is not refused for the kitchen being closed now: the server checks its slot.
  const gateOpen = when.choice.type === 'slot' ? ({ open: true } as const) : open;
  const slotsState =
    kitchenId === null
      ? ('no-kitchen' as const)
      : !online || (slotsQuery.isError && !slotsQuery.data)
        ? ('offline' as const)
        : slotsQuery.isPending
          ? ('loading' as const)
          : null;
  const draft: CheckoutDraft = {
    customer,
    fulfilment,
    addressId,
    locationId,
    paymentMethod: effectivePayment,
    slotMissing: when.choice.type === 'slot' && whenBody === null,
  };
  const missing = missingItems(draft);
  const fieldErrors = customerFieldErrors(customer);
  const visibleErrors = Object.fromEntries(
    CUSTOMER_FIELDS.filter((field) => (state.submitted || touched.has(field)) && fieldErrors[field]).map((field) => [
      field,
      fieldErrors[field],
    ]),
  );
  const noAddress = fulfilment === 'delivery' && addressList !== undefined && addressList.length === 0;
  const selectedAddress = addressList?.find((a) => a.id === addressId);
  const closedText = closedTextFor(open, (at) => formatOpeningTime(at, t, locale));
  const blockedText = blockedTextFor({
    open: gateOpen,
    belowMinimum: totals.shortOfMinimumBani > 0,
    minimumText: formatLei(totals.minimumOrderBani, locale),
    noAddress,
    missing,
    undeliverable:
      fulfilment === 'delivery' && ((selectedAddress !== undefined && !selectedAddress.isDeliverable) || route?.kind === 'out_of_zone'),
    invalidFields: CUSTOMER_FIELDS.some((field) => fieldErrors[field] && customer[field].trim()),
  });
  const total = formatLei(shownTotalBani, locale);
  const actionText = effectivePayment === 'cash' ? t('checkout.action.placeOrder', { total }) : t('checkout.action.pay', { total });

  async function submit(cartLines: NonNullable<typeof lines>) {
    dispatch({ type: 'pressed' });
    const verdict = pressVerdict({ noAddress, missing, blockedText, open: gateOpen, closedText, payment: effectivePayment });
    if (!verdict.go) {
      notify({ type: verdict.notice.type, ...toastText(t, verdict.notice) });
      return;
    }
    dispatch({ type: 'sent' });
    const outcome = await placeOrder({
      input: orderInput({
        lines: cartLines,
        fulfilment,
        addressId,
        locationId,
        method: verdict.method,
        customer,
        notes,
        expectedTotalBani: shownTotalBani,
        ...(whenBody ? { when: whenBody } : {}),
      }),
      preview: queuedPreview(cartLines, { ...totals, totalBani: shownTotalBani }, fulfilment),
    });
    dispatch({ type: 'outcome', outcome });
    switch (outcome.kind) {
      case 'placed':
        if (outcome.method === 'card') {
          window.location.assign(outcome.paymentUrl);
          return;
        }
        try {
          await onCashOrderPlaced(outcome.orderNumber);
        } finally {
          await clearCart();
        }
        return;
      case 'queued':
        try {
          await onCashOrderQueued(outcome.queueId);
        } finally {
          await clearCart();
        }
        return;
      case 'refused':
        if (outcome.stale === 'addresses') void addresses.refetch();
        notify({ type: outcome.notice.type, ...toastText(t, outcome.notice) });
        return;
      case 'priceChanged':
      case 'slotRefused':
        // Shown on the form (the price notice; the slot refusal with its next free slots) until acted on.
        return;
    }
  }

  return (
    <div className="checkout">
      <h1 className="checkout__title">{t('checkout.title')}</h1>
      {!open.open ? (
        <p className="checkout-notice checkout-notice--closed" role="status">
          {wordsText(t, closedText)}
        </p>
      ) : null}
      {state.priceChange ? (
        <PriceChangeNotice priceChange={state.priceChange} onAccept={() => dispatch({ type: 'acceptedNewTotal' })} />
      ) : null}
      <form
        className="checkout__layout"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void submit(lines);
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
              dispatch({ type: 'fulfilmentChanged' });
            }}
            addresses={addressList}
            addressesFailed={addresses.isError}
            addressId={addressId}
            onAddressChange={setChosenAddressId}
            onAddAddress={() => setAddingAddress(true)}
            slots={slots}
            pickupRows={pickupRows(
              settings,
              locations,
              addressList?.find((a) => a.isDefault),
              serverNow,
              locale,
            )}
            locationId={locationId}
            onLocationChange={(id) => {
              setLocationId(id);
              dispatch({ type: 'whenChanged' });
            }}
            estimatedDeliveryTime={settings.estimatedDeliveryTime}
            deliveryKitchen={kitchenView}
          />
          <WhenSection
            view={when}
            slotsState={slotsState}
            refusal={state.slotRefusal}
            onChange={(choice) => {
              setWhenChoice(choice);
              dispatch({ type: 'whenChanged' });
            }}
            onPickRefusalSlot={(slotStart) => {
              setWhenChoice(choiceForSlot(slotStart));
              dispatch({ type: 'whenChanged' });
            }}
          />
          {noAddress && state.submitted ? (
            <p className="checkout-notice checkout-notice--warning" role="alert">
              {t(ADD_ADDRESS_TO_PAY_TEXT)}
            </p>
          ) : null}
          <PaymentMethodSection value={effectivePayment} onChange={setPaymentMethod} online={online} fulfilment={fulfilment} />
          <NotesField value={notes} onChange={setNotes} />
        </div>
        <aside className="checkout__aside">
          <CheckoutSummary
            lines={lines}
            totals={totals}
            fulfilment={fulfilment}
            feeLine={fee?.line ? wordsText(t, fee.line) : null}
            feePending={fulfilment === 'delivery' && !routedKitchen}
            scheduledText={
              whenBody?.type === 'slot' ? t('checkout.summary.scheduledFor', { when: slotDateTimeText(whenBody.slotStart, locale) }) : null
            }
          />
        </aside>
        <CheckoutBar
          totalBani={shownTotalBani}
          label={busy ? t('checkout.action.processing') : blockedText ? wordsText(t, blockedText) : actionText}
          hint={!online && paymentMethod === 'card' ? t(CARD_NEEDS_CONNECTION_TEXT) : null}
          blocked={blockedText !== null || busy}
        />
      </form>
      {addingAddress && slots ? (
        slots.renderAddAddress({
          onDone: () => {
            setAddingAddress(false);
            void addresses.refetch();
          },
        })
      ) : addingAddress ? (
        <Dialog title={t('checkout.address.addTitle')} onClose={() => setAddingAddress(false)}>
          <p>{t('checkout.address.addFromProfile')}</p>
        </Dialog>
      ) : null}
    </div>
  );
}
