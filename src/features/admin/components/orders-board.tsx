/**
 * The Orders section: the restaurant's order board (issue 7), in columns by stage that a cook reads
 * across a kitchen (issue 27: new, accepted, in kitchen, ready, out for delivery), newest at the top
 * of each; delivered, picked-up and cancelled orders fold away under 'Finished'. Live over SSE (the
 * admin screen runs GET /api/admin/events), today's orders by default. Issue 19: the board is the
 * kitchen. A new order rings (use-new-order-alerts.ts) until someone accepts it with a preparation
 * time or rejects it with a reason; past its accept deadline it is flagged and the ring escalates.
 * Forward moves follow the shared transition rule; cancelling asks for a reason the customer reads
 * and refunds a paid card order; single lines can be refunded, a failed refund retried. Needs the
 * network: offline every action fails at once with a toast and the board keeps its last state.
 * Issue 22 (docs/decisions/0145-board-scheduled-lane-and-kitchens.md): orders for later wait in a
 * 'Scheduled' lane with their slot until their release (by the server's clock); the board filters by
 * kitchen (a manager limited to one kitchen sees theirs, no filter); an accepted order can be moved to
 * the other kitchen after a confirmation (the server tells the customer).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { createPortal } from 'react-dom';

import { Spinner } from '../../../components/skeleton';
import type { MessageId, Translate } from '../../../lib/i18n';
import { useLocale, useT } from '../../../lib/i18n';
import { useErrorHandler } from '../../../lib/use-error-handler';
import { notify } from '../../../lib/notify';
import { formatBucharestDateTime } from '../../../shared/bucharest-date-time';
import type { Locale } from '../../../shared/i18n/locales';
import { isAwaitingRelease } from '../../../shared/domain/scheduled-orders';
import { BOARD_STAGES, groupByBoardStage, nextStatuses } from '../../../shared/domain/order-status';
import type { Order, OrderStatus, RefundLine, RestaurantCancelInput } from '../../../shared/schemas/order';
import type { Location } from '../../../shared/schemas/restaurant';
import type { BoardFilters } from '../api/admin-api';
import {
  acceptOrder,
  adminKeys,
  boardQueryOptions,
  cancelOrderOnBoard,
  moveOrder,
  moveOrderToLocation,
  refundOrderLines,
  resendToPos,
  retryRefund,
} from '../api/admin-api';
import { useAlertingOrders } from '../hooks/use-new-order-alerts';
import { BOARD_STAGE_WORDS, statusWords } from '../order-words';
import { Dialog } from '../../../components/dialog';
import { AcceptOrderDialog } from './accept-order-dialog';
import { CancelOrderDialog } from './cancel-order-dialog';
import { BoardPushToggle } from './board-push-toggle';
import { DayFigures } from './day-figures';
import { KitchenTicket, OrderCard } from './order-card';
import { RefundLinesDialog } from './refund-lines-dialog';

type OpenDialog = { kind: 'accept' | 'cancel' | 'refund'; order: Order } | { kind: 'move'; order: Order; to: Location } | null;

/** Accepted and still in the kitchen: the statuses the server lets a manager move (decision 0139). */
const MOVABLE_STATUSES: readonly OrderStatus[] = ['confirmed', 'preparing', 'sent to kitchen'];

/** "Slot 23 Nov 2026, 13:00" (Bucharest time). */
export function slotText(order: Pick<Order, 'scheduledFor'>, t: Translate, locale: Locale): string | null {
  return order.scheduledFor ? t('admin.board.slot', { time: formatBucharestDateTime(order.scheduledFor, locale) }) : null;
}

/** A column's count, read out as ", 3 orders" beside its title. */
function ColumnCount({ count }: { count: number }) {
  const t = useT();
  return (
    <span className="admin-board__count">
      <span className="visually-hidden">, </span>
      {count}
      <span className="visually-hidden"> {t('admin.board.ordersWord', { count })}</span>
    </span>
  );
}

export function OrdersBoard({ locations = [] }: { locations?: readonly Location[] }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<BoardFilters>({ today: true });
  const { alerting, late, serverNowMs } = useAlertingOrders();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [printing, setPrinting] = useState<Order | null>(null);
  const board = useQuery(boardQueryOptions(filters));
  const t = useT();
  const { refusalMessage } = useErrorHandler();
  const locale = useLocale();

  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKeys.board() });
  const onError = (error: unknown) => {
    notify({
      type: 'error',
      title: t('admin.common.error'),
      message: refusalMessage(error, t('admin.board.updateFailed')),
    });
    refresh();
  };
  const done = (title: MessageId, order: Order) => {
    notify({
      type: 'success',
      title: t(title),
      message: t('admin.board.orderStatus', { orderNumber: order.orderNumber, status: t(statusWords(order.status, order.fulfilment)) }),
    });
    setDialog(null);
    refresh();
  };
  const move = useMutation({
    mutationFn: (input: { orderNumber: string; status: OrderStatus }) => moveOrder(input.orderNumber, input.status),
    onSuccess: ({ order }) => done('admin.board.updated', order),
    onError,
  });
  const accept = useMutation({
    mutationFn: (input: { orderNumber: string; prepMinutes: number }) => acceptOrder(input.orderNumber, { prepMinutes: input.prepMinutes }),
    onSuccess: ({ order }) => done('admin.board.accepted', order),
    onError,
  });
  const cancel = useMutation({
    mutationFn: (input: { orderNumber: string; body: RestaurantCancelInput }) => cancelOrderOnBoard(input.orderNumber, input.body),
    onSuccess: ({ order }) => done('admin.board.cancelled', order),
    onError,
  });
  const refund = useMutation({
    mutationFn: (input: { orderNumber: string; lines: RefundLine[] }) => refundOrderLines(input.orderNumber, { lines: input.lines }),
    onSuccess: ({ order }) => done('admin.board.refundStarted', order),
    onError,
  });
  const retry = useMutation({
    mutationFn: (input: { orderNumber: string; refundId: number }) => retryRefund(input.orderNumber, input.refundId),
    onSuccess: ({ order }) => done('admin.board.refundRetried', order),
    onError,
  });
  const relocate = useMutation({
    mutationFn: (input: { orderNumber: string; locationId: number }) => moveOrderToLocation(input.orderNumber, input.locationId),
    onSuccess: ({ order }) => {
      const to = locations.find((location) => location.id === order.kitchenLocationId);
      notify({
        type: 'success',
        title: t('admin.board.moved'),
        message: t('admin.board.movedTo', { orderNumber: order.orderNumber, kitchen: to?.name ?? t('admin.board.otherKitchen') }),
      });
      setDialog(null);
      refresh();
    },
    onError,
  });
  const resend = useMutation({
    mutationFn: (orderNumber: string) => resendToPos(orderNumber),
    onSuccess: () => {
      notify({ type: 'info', title: t('admin.board.resent'), message: t('admin.order.pos.sending') });
      refresh();
    },
    onError,
  });

  const print = (order: Order) => {
    setPrinting(order);
    // Let the ticket render before the print dialog snapshots the page.
    window.requestAnimationFrame(() => {
      window.print();
      setPrinting(null);
    });
  };

  const pendingFor = (orderNumber: string) =>
    [move, accept, cancel, refund, retry, relocate].some((m) => m.isPending && m.variables?.orderNumber === orderNumber) ||
    (resend.isPending && resend.variables === orderNumber);

  const card = (order: Order) => (
    <OrderCard
      order={order}
      ringing={alerting.has(order.orderNumber)}
      late={late.has(order.orderNumber)}
      busy={pendingFor(order.orderNumber)}
      nextStatuses={nextStatuses(order.status, order.fulfilment, board.data?.pos)}
      onAccept={() => setDialog({ kind: 'accept', order })}
      onCancel={() => setDialog({ kind: 'cancel', order })}
      onMove={(status) => move.mutate({ orderNumber: order.orderNumber, status })}
      onResend={() => resend.mutate(order.orderNumber)}
      onPrint={() => print(order)}
      onRefundLines={() => setDialog({ kind: 'refund', order })}
      onRetryRefund={(refundId) => retry.mutate({ orderNumber: order.orderNumber, refundId })}
    />
  );
  // A manager limited to one kitchen gets only theirs from the server: no filter to offer.
  const limitedTo = board.data?.managerLocationId ?? null;
  const kitchenName = (locationId: number | null) => locations.find((location) => location.id === locationId)?.name ?? null;
  const moveTargets = (order: Order) =>
    order.kitchenLocationId !== null && MOVABLE_STATUSES.includes(order.status)
      ? locations.filter((location) => location.id !== order.kitchenLocationId)
      : [];
  const listed = (order: Order) => (
    <li key={order.orderNumber}>
      {card(order)}
      {locations.length > 1 && order.kitchenLocationId !== null ? (
        <p className="admin-muted admin-board__kitchen">
          {t('admin.board.kitchenOf', { kitchen: kitchenName(order.kitchenLocationId) ?? `#${order.kitchenLocationId}` })}
        </p>
      ) : null}
      {moveTargets(order).map((to) => (
        <button
          key={to.id}
          type="button"
          className="button button--outline admin-board__move"
          disabled={pendingFor(order.orderNumber)}
          onClick={() => setDialog({ kind: 'move', order, to })}
        >
          {t('admin.board.moveTo', { target: to.name })}
        </button>
      ))}
    </li>
  );
  const scheduled = board.data ? board.data.orders.filter((order) => isAwaitingRelease(order, new Date(serverNowMs))) : [];
  const grouped = board.data ? groupByBoardStage(board.data.orders.filter((order) => !scheduled.includes(order))) : null;

  return (
    <div className="admin-board">
      <div className="admin-board__filters admin-card">
        <DayFigures />
        <label className="admin-inline">
          <input type="checkbox" checked={filters.today} onChange={(e) => setFilters((f) => ({ ...f, today: e.target.checked }))} />
          {t('admin.board.todayOnly')}
        </label>
        {locations.length > 1 && board.data && limitedTo === null ? (
          <label className="admin-inline">
            {t('admin.common.kitchen')}
            <select
              value={filters.location ?? ''}
              onChange={(e) => setFilters((f) => ({ ...f, location: e.target.value === '' ? undefined : Number(e.target.value) }))}
            >
              <option value="">{t('admin.common.allKitchens')}</option>
              {locations.map((location) => (
                <option key={location.id} value={location.id}>
                  {location.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {limitedTo !== null ? (
          <span className="admin-muted" data-testid="board-kitchen">
            {t('admin.board.kitchenOf', { kitchen: kitchenName(limitedTo) ?? `#${limitedTo}` })}
          </span>
        ) : null}
        <BoardPushToggle />
        <span className="admin-board__live" role="status">
          {alerting.size > 0 ? t('admin.screen.newOrders', { count: alerting.size }) : t('admin.board.live')}
          {late.size > 0 ? t('admin.screen.notAcceptedInTime', { count: late.size }) : ''}
        </span>
      </div>

      {board.isPending ? <Spinner label={t('admin.board.loading')} /> : null}
      {board.isError ? (
        <div className="admin-card" role="alert">
          <p>{t('admin.board.loadFailed')}</p>
          <button type="button" className="button" onClick={() => void board.refetch()}>
            {t('admin.common.retry')}
          </button>
        </div>
      ) : null}
      {grouped ? (
        <div className="admin-board__columns">
          <section className="admin-board__column admin-board__column--scheduled" aria-labelledby={`${id}-scheduled`}>
            <h2 id={`${id}-scheduled`} className="admin-board__column-title">
              {t('admin.board.stage.scheduled')} <ColumnCount count={scheduled.length} />
            </h2>
            {scheduled.length === 0 ? (
              <p className="admin-muted admin-board__empty">{t('admin.board.noOrdersForLater')}</p>
            ) : (
              <ol className="admin-board__list" aria-label={t('admin.board.scheduledOrders')}>
                {scheduled.map((order) => (
                  <li key={order.orderNumber}>
                    <p className="admin-board__slot">{slotText(order, t, locale)}</p>
                    {card(order)}
                  </li>
                ))}
              </ol>
            )}
          </section>
          {BOARD_STAGES.map((stage) => {
            const orders = grouped.stages[stage];
            const label = t(BOARD_STAGE_WORDS[stage]);
            return (
              <section key={stage} className={`admin-board__column admin-board__column--${stage}`} aria-labelledby={`${id}-${stage}`}>
                <h2 id={`${id}-${stage}`} className="admin-board__column-title">
                  {label} <ColumnCount count={orders.length} />
                </h2>
                {orders.length === 0 ? (
                  <p className="admin-muted admin-board__empty">{t('admin.board.noOrders')}</p>
                ) : (
                  <ol className="admin-board__list" aria-label={t('admin.board.stageOrders', { stage: label })}>
                    {orders.map(listed)}
                  </ol>
                )}
              </section>
            );
          })}
        </div>
      ) : null}
      {grouped && grouped.finished.length > 0 ? (
        <details className="admin-board__finished">
          <summary>{t('admin.board.finished', { count: grouped.finished.length })}</summary>
          <ol className="admin-board__list admin-board__list--finished" aria-label={t('admin.board.finishedOrders')}>
            {grouped.finished.map((order) => (
              <li key={order.orderNumber}>{card(order)}</li>
            ))}
          </ol>
        </details>
      ) : null}

      {dialog?.kind === 'accept' ? (
        <AcceptOrderDialog
          order={dialog.order}
          busy={accept.isPending}
          onClose={() => setDialog(null)}
          onAccept={(prepMinutes) => accept.mutate({ orderNumber: dialog.order.orderNumber, prepMinutes })}
        />
      ) : null}
      {dialog?.kind === 'cancel' ? (
        <CancelOrderDialog
          order={dialog.order}
          busy={cancel.isPending}
          onClose={() => setDialog(null)}
          onConfirm={(body) => cancel.mutate({ orderNumber: dialog.order.orderNumber, body })}
        />
      ) : null}
      {dialog?.kind === 'refund' ? (
        <RefundLinesDialog
          order={dialog.order}
          busy={refund.isPending}
          onClose={() => setDialog(null)}
          onConfirm={(lines) => refund.mutate({ orderNumber: dialog.order.orderNumber, lines })}
        />
      ) : null}
      {dialog?.kind === 'move' ? (
        <Dialog title={t('admin.board.move.title', { orderNumber: dialog.order.orderNumber })} onClose={() => setDialog(null)}>
          <p>
            {t(dialog.order.fulfilment === 'pickup' ? 'admin.board.move.bodyPickup' : 'admin.board.move.body', { kitchen: dialog.to.name })}
          </p>
          <div className="admin-actions">
            <button type="button" className="button button--outline" onClick={() => setDialog(null)}>
              {t('admin.board.move.keep')}
            </button>
            <button
              type="button"
              className="button"
              disabled={relocate.isPending}
              onClick={() => relocate.mutate({ orderNumber: dialog.order.orderNumber, locationId: dialog.to.id })}
            >
              {relocate.isPending ? t('admin.board.move.moving') : t('admin.board.moveTo', { target: dialog.to.name })}
            </button>
          </div>
        </Dialog>
      ) : null}
      {printing ? createPortal(<KitchenTicket order={printing} />, document.body) : null}
    </div>
  );
}
