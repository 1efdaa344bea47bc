/**
 * Sends one checkout press and says what came of it: placed / queued / priceChanged / refused
 * (docs/decisions/0129-checkout-state-module-and-use-place-order.md). It owns the three things the
 * screen must not decide by itself: send or queue, the Idempotency-Key of the attempt
 * (domain/attempt-key.ts) and how a failure reads (domain/checkout-state.ts refusalNotice).
 *
 * Offline (or the answer lost to the connection): a cash order goes into the outbox under this
 * attempt's key, so if the server did get the first attempt it replays that order rather than placing
 * a second; it is "Queued — not placed yet" until the server accepts it. A card order needs the
 * network now: offline it is refused with the checkout error and the key is kept for the next press.
 * A queued order keeps its chosen slot (`when` is part of the body): the server re-checks it when the
 * order is finally sent, and a slot gone by then parks the order as "Needs your review" (never placed
 * at another time without the customer).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

import type { QueuedOrderPreview } from '../../../db/app-db';
import { restaurantKeys } from '../../../entities/restaurant/api/get-restaurant';
import { ApiRequestError, NetworkError } from '../../../lib/api-fetch';
import { useLocale, useT } from '../../../lib/i18n';
import { requestPersistentStorage } from '../../../lib/persistent-storage';
import { useErrorHandler } from '../../../lib/use-error-handler';
import { asBani, formatLei } from '../../../shared/money';
import type { CreateOrderInput, Order } from '../../../shared/schemas/order';
import { priceChangeSchema } from '../../../shared/schemas/order';
import { enqueueWrite } from '../../../sync/outbox-runtime';
import { ORDER_CREATE_KIND } from '../../../sync/queued-orders';
import { checkoutKeys, createCheckoutSession, createOrder, ORDERS_PATH } from '../api/checkout-api';
import type { CheckoutAttempt } from '../domain/attempt-key';
import { attemptAfterFailure, attemptFor } from '../domain/attempt-key';
import type { PlaceOrderOutcome } from '../domain/checkout-state';
import { refusalNotice } from '../domain/checkout-state';
import { slotRefusalOf } from '../domain/order-timing';

export interface PlaceOrderRequest {
  input: CreateOrderInput;
  /** What the outbox shows while a queued cash order waits (lines and the agreed total). */
  preview: QueuedOrderPreview;
}

export function usePlaceOrder(userId: number): (request: PlaceOrderRequest) => Promise<PlaceOrderOutcome> {
  const queryClient = useQueryClient();
  const t = useT();
  const locale = useLocale();
  const { inScreenLanguage } = useErrorHandler();
  /** One Idempotency-Key per checkout attempt: reused while the body stays the same. */
  const attempt = useRef<CheckoutAttempt | null>(null);

  return useCallback(
    async ({ input, preview }: PlaceOrderRequest): Promise<PlaceOrderOutcome> => {
      const method = input.paymentMethod;
      attempt.current = attemptFor(attempt.current, JSON.stringify(input), () => crypto.randomUUID());
      const key = attempt.current.key;

      async function queue(): Promise<PlaceOrderOutcome> {
        await enqueueWrite({
          id: key,
          kind: ORDER_CREATE_KIND,
          label: t('checkout.outbox.cashOrder', { total: formatLei(asBani(preview.totalBani), locale) }),
          request: { method: 'POST', path: ORDERS_PATH, body: input },
          userId,
          preview,
        });
        void requestPersistentStorage();
        return { kind: 'queued', queueId: key };
      }
      if (method === 'cash' && !navigator.onLine) return queue();

      let order: Order;
      try {
        order = await createOrder(input, key);
      } catch (error) {
        if (method === 'cash' && error instanceof NetworkError) return queue();
        const refusal = error instanceof ApiRequestError ? error : null;
        // A refusal (4xx) is replayed for the same key: the next press must ask afresh.
        attempt.current = attemptAfterFailure(attempt.current, refusal ? refusal.status : null);
        if (refusal?.code === 'price_changed') {
          const details = priceChangeSchema.safeParse(refusal.details);
          if (details.success) return { kind: 'priceChanged', priceChange: details.data };
        }
        // Issue 22: a slot that filled up (409) or is not offered (422) is never swapped for another
        // time here: the customer is shown the next free slots and picks one.
        // The server's refusal in the screen's language, worded by its code (the pure modules show it as it comes).
        const worded = refusal ? inScreenLanguage(refusal) : null;
        const slotRefusal = slotRefusalOf(worded);
        if (slotRefusal) {
          if (input.fulfilment.type === 'pickup')
            void queryClient.invalidateQueries({ queryKey: checkoutKeys.slots(input.fulfilment.locationId) });
          else void queryClient.invalidateQueries({ queryKey: [...checkoutKeys.all, 'slots'] });
          return { kind: 'slotRefused', refusal: slotRefusal };
        }
        const { notice, stale } = refusalNotice(method, worded);
        if (stale === 'restaurant') void queryClient.invalidateQueries({ queryKey: restaurantKeys.info });
        return { kind: 'refused', notice, stale };
      }
      if (method === 'cash') {
        void requestPersistentStorage();
        return { kind: 'placed', method: 'cash', orderNumber: order.orderNumber };
      }
      try {
        const paymentUrl = await createCheckoutSession(order.orderNumber);
        return { kind: 'placed', method: 'card', orderNumber: order.orderNumber, paymentUrl };
      } catch {
        // The order exists; the key is kept, so the next press gets the same order and tries the payment again.
        return { kind: 'refused', ...refusalNotice('card', null) };
      }
    },
    [queryClient, userId, t, locale, inScreenLanguage],
  );
}
