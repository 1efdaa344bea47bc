/**
 * Order history (/order-history and /orders; spec §2 Order history): my orders with search (order
 * number, item names), status filters including 'In progress', a grid/list toggle, six skeletons
 * while loading and the spec's error text. The server pages, filters, searches and counts (issue 26);
 * 'Show more orders' reads the next page. Search, filter and view mode live in the URL (the route
 * owns them); 'Reorder' puts an order's lines back in the cart at today's prices.
 */
import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { useEffect, useId, useState } from 'react';

import type { LineNames } from '../../../components/line-names';
import { useLineNames } from '../../../components/line-names';
import { QueuedOrderLines, QueuedOrderReview, QueuedOrderStatus } from '../../../components/queued-order';
import { SkeletonCard } from '../../../components/skeleton';
import type { OutboxRow } from '../../../db/app-db';
import type { MessageId, Translate } from '../../../lib/i18n';
import { useLocale, useT, useWords } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { cartDrawerOpenAtom } from '../../../entities/cart/cart-drawer-open';
import { formatWeight } from '../../../shared/domain/weight-pricing';
import { asBani, formatLei } from '../../../shared/money';
import type { Order } from '../../../shared/schemas/order';
import { originOf } from '../../../sync/queued-orders';
import { useQueuedOrders } from '../../../sync/use-queued-orders';
import { orderHistoryQueryOptions, orderKeys } from '../api/orders-api';
import { reorderIntoCart } from '../api/reorder';
import { canPay, formatOrderDate } from '../domain/order-display';
import type { OrderFilter, OrderViewMode } from '../../../shared/domain/order-history';
import { MAX_ORDER_SEARCH_LENGTH, ORDER_FILTERS } from '../../../shared/domain/order-history';
import { PaymentBadge, StatusBadge } from './order-states';
import './orders.css';

/** The filters' names (src/shared/domain/order-history.ts ORDER_FILTER_LABELS, in the screen's language). */
const FILTER_LABELS: Record<OrderFilter, MessageId> = {
  all: 'orders.history.filter.all',
  'in-progress': 'orders.history.filter.inProgress',
  delivered: 'orders.history.filter.delivered',
  cancelled: 'orders.history.filter.cancelled',
};
const SKELETON_COUNT = 6;
const ITEM_NAMES_SHOWN = 3;
const ORDER_SEARCH_DEBOUNCE_MS = 250;

export interface OrderHistoryProps {
  filter: OrderFilter;
  query: string;
  view: OrderViewMode;
  onChange(next: { filter?: OrderFilter; q?: string; view?: OrderViewMode }): void;
}

function skippedText(t: Translate, skipped: readonly string[]): string {
  return t('orders.reorder.skipped', { dishes: skipped.join(', ') });
}

function OrderCard({
  order,
  lineNames,
  onReorder,
  reordering,
}: {
  order: Order;
  lineNames: LineNames;
  onReorder(order: Order): void;
  reordering: boolean;
}) {
  const titleId = useId();
  const t = useT();
  const locale = useLocale();
  const names = order.orderItems.map(
    (item) =>
      `${item.quantity} × ${lineNames.dish({ menuItemId: item.menuItemId, name: item.itemName })}${item.weightGrams ? ` (${formatWeight(item.weightGrams, locale)})` : ''}`,
  );
  const itemCount = order.orderItems.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <li className="order-card">
      <article aria-labelledby={titleId} className="order-card__body">
        <header className="order-card__header">
          <h2 id={titleId} className="order-card__number">
            {order.orderNumber}
          </h2>
          <p className="order-card__date">{formatOrderDate(order.createdAt, locale)}</p>
        </header>
        <div className="order-card__badges">
          <StatusBadge order={order} />
          <PaymentBadge order={order} />
          <span className="order-badge order-badge--neutral">
            {order.fulfilment === 'pickup' ? t('orders.fulfilment.pickup') : t('orders.fulfilment.delivery')}
          </span>
        </div>
        <p className="order-card__items">
          {names.slice(0, ITEM_NAMES_SHOWN).join(', ')}
          {names.length > ITEM_NAMES_SHOWN ? ` ${t('orders.history.moreItems', { count: names.length - ITEM_NAMES_SHOWN })}` : ''}
        </p>
        <p className="order-card__total">
          {t('orders.history.itemCount', { count: itemCount })} · <strong>{formatLei(asBani(order.totalBani), locale)}</strong>
        </p>
        <div className="order-card__actions">
          <Link
            to="/order-details/$orderNumber"
            params={{ orderNumber: order.orderNumber }}
            className="button button--outline"
            aria-label={t('orders.history.viewDetailsOf', { orderNumber: order.orderNumber })}
          >
            {t('orders.history.viewDetails')}
          </Link>
          <button
            type="button"
            className="button"
            disabled={reordering}
            aria-label={t('orders.history.reorderOf', { orderNumber: order.orderNumber })}
            onClick={() => onReorder(order)}
          >
            {reordering ? t('orders.history.adding') : t('orders.history.reorder')}
          </button>
          {canPay(order) ? (
            <Link
              to="/retry-payment/$orderNumber"
              params={{ orderNumber: order.orderNumber }}
              className="button button--light"
              aria-label={t('orders.history.payOf', { orderNumber: order.orderNumber })}
            >
              {t('orders.history.pay')}
            </Link>
          ) : null}
        </div>
      </article>
    </li>
  );
}

/** Orders still only on this device: "Queued — not placed yet" (or needing review), newest first. */
function QueuedOrders({ entries }: { entries: readonly OutboxRow[] }) {
  const t = useT();
  const locale = useLocale();
  if (entries.length === 0) return null;
  return (
    <section className="order-history__queued" aria-labelledby="queued-orders-title">
      <h2 id="queued-orders-title">{t('orders.queued.title')}</h2>
      <ul className="order-list order-list--list" aria-label={t('orders.queued.listLabel')}>
        {[...entries].reverse().map((entry) => (
          <li key={entry.id} className="order-card">
            <article
              aria-label={t('orders.queued.cardLabel', { date: formatOrderDate(entry.createdAt, locale) })}
              className="order-card__body"
            >
              <header className="order-card__header">
                <QueuedOrderStatus entry={entry} />
                <p className="order-card__date">{formatOrderDate(entry.createdAt, locale)}</p>
              </header>
              <QueuedOrderLines entry={entry} />
              <QueuedOrderReview entry={entry} />
              <div className="order-card__actions">
                <Link to="/order-confirmation/queued/$queueId" params={{ queueId: originOf(entry) }} className="button button--outline">
                  {t('orders.history.viewDetails')}
                </Link>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function OrderHistory({ filter, query, view, onChange }: OrderHistoryProps) {
  useWords('pages');
  const queryClient = useQueryClient();
  const t = useT();
  const lineNames = useLineNames();
  // The typed search reaches the server once typing pauses; the list on screen stays until the answer.
  const searched = useDebouncedValue(query, ORDER_SEARCH_DEBOUNCE_MS);
  const orders = useInfiniteQuery({ ...orderHistoryQueryOptions(filter, searched), placeholderData: keepPreviousData });
  const queued = useQueuedOrders();
  // A queued order that left the outbox was placed (or discarded): read the list again.
  const queuedCount = queued.length;
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: orderKeys.list() });
  }, [queuedCount, queryClient]);
  const openCart = useSetAtom(cartDrawerOpenAtom);
  const [reorderingId, setReorderingId] = useState<number | null>(null);
  const pages = orders.data?.pages ?? [];
  const shown = pages.flatMap((page) => page.orders);
  const first = pages[0];
  const total = pages.at(-1)?.total ?? 0;

  async function reorder(order: Order) {
    setReorderingId(order.id);
    try {
      const plan = await reorderIntoCart(queryClient, order);
      if (plan.additions.length === 0) {
        notify({ type: 'warning', title: t('orders.reorder.nothingAdded'), message: skippedText(t, plan.skipped) });
        return;
      }
      const added = plan.additions.reduce((sum, a) => sum + a.quantity, 0);
      notify({
        type: plan.skipped.length > 0 ? 'warning' : 'success',
        title: t('orders.reorder.added'),
        message: `${t('orders.reorder.addedMessage', { count: added })}${plan.skipped.length > 0 ? ` ${skippedText(t, plan.skipped)}` : ''}`,
      });
      openCart(true);
    } catch {
      notify({ type: 'error', title: t('orders.reorder.failed'), message: t('orders.reorder.failedMessage') });
    } finally {
      setReorderingId(null);
    }
  }

  return (
    <section className="order-history" aria-labelledby="order-history-title">
      <div className="order-history__top">
        <h1 id="order-history-title">{t('orders.history.title')}</h1>
        <div className="order-history__view" role="group" aria-label={t('orders.history.view')}>
          {(['grid', 'list'] as const).map((mode) => (
            <button key={mode} type="button" className="order-chip" aria-pressed={view === mode} onClick={() => onChange({ view: mode })}>
              {mode === 'grid' ? t('orders.history.grid') : t('orders.history.list')}
            </button>
          ))}
        </div>
      </div>
      <form className="order-history__tools" role="search" onSubmit={(event) => event.preventDefault()}>
        <div className="field order-history__search">
          <label htmlFor="order-search">{t('orders.history.search')}</label>
          <input
            id="order-search"
            type="search"
            placeholder={t('orders.history.searchPlaceholder')}
            maxLength={MAX_ORDER_SEARCH_LENGTH}
            value={query}
            onChange={(event) => onChange({ q: event.target.value })}
          />
        </div>
        <div className="order-history__filters" role="group" aria-label={t('orders.history.filterLabel')}>
          {ORDER_FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              className="order-chip"
              aria-pressed={filter === value}
              onClick={() => onChange({ filter: value })}
            >
              {t(FILTER_LABELS[value])}
              {first ? <span className="order-chip__count"> ({first.counts[value]})</span> : null}
            </button>
          ))}
        </div>
      </form>

      <QueuedOrders entries={queued} />
      {orders.isPending ? (
        <ul className={`order-list order-list--${view}`} aria-busy="true" aria-label={t('orders.history.loading')}>
          {Array.from({ length: SKELETON_COUNT }, (_, index) => (
            <li key={index} className="order-card order-card--skeleton" data-testid="order-skeleton">
              <SkeletonCard />
            </li>
          ))}
        </ul>
      ) : orders.isError && !orders.data ? (
        <div className="order-state" role="alert">
          <p>{t('orders.history.loadFailed')}</p>
          <button type="button" className="button" onClick={() => void orders.refetch()}>
            {t('orders.tryAgain')}
          </button>
        </div>
      ) : first?.counts.all === 0 ? (
        <div className="order-state">
          <p>{t('orders.history.none')}</p>
          <Link to="/menu" className="button">
            {t('orders.history.browseMenu')}
          </Link>
        </div>
      ) : shown.length === 0 ? (
        <div className="order-state" role="status">
          <p>{t('orders.history.noMatch')}</p>
          <button type="button" className="button button--outline" onClick={() => onChange({ filter: 'all', q: '' })}>
            {t('orders.history.clearFilters')}
          </button>
        </div>
      ) : (
        <>
          <p className="order-history__count" role="status">
            {t('orders.history.count', { count: total })}
          </p>
          <ul className={`order-list order-list--${view}`} aria-label={t('orders.history.listLabel')}>
            {shown.map((order) => (
              <OrderCard
                key={order.id}
                order={order}
                lineNames={lineNames}
                onReorder={(o) => void reorder(o)}
                reordering={reorderingId === order.id}
              />
            ))}
          </ul>
          {orders.hasNextPage ? (
            <div className="order-history__more">
              {orders.isFetchNextPageError ? <p role="alert">{t('orders.history.moreFailed')}</p> : null}
              <button
                type="button"
                className="button button--outline"
                disabled={orders.isFetchingNextPage}
                onClick={() => void orders.fetchNextPage()}
              >
                {orders.isFetchingNextPage
                  ? t('orders.history.loadingMore')
                  : t('orders.history.showMore', { count: total - shown.length })}
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
