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
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { createPortal } from 'react-dom';

import { Spinner } from '../../../components/skeleton';
import { ApiRequestError } from '../../../lib/api-fetch';
import { notify } from '../../../lib/notify';
import { BOARD_STAGE_LABELS, BOARD_STAGES, groupByBoardStage, nextStatuses, orderStatusLabel } from '../../../shared/domain/order-status';
import type { Order, OrderStatus, RefundLine, RestaurantCancelInput } from '../../../shared/schemas/order';
import type { BoardFilters } from '../api/admin-api';
import {
  acceptOrder,
  adminKeys,
  boardQueryOptions,
  cancelOrderOnBoard,
  moveOrder,
  refundOrderLines,
  resendToPos,
  retryRefund,
} from '../api/admin-api';
import { useAlertingOrders } from '../hooks/use-new-order-alerts';
import { AcceptOrderDialog } from './accept-order-dialog';
import { CancelOrderDialog } from './cancel-order-dialog';
import { BoardPushToggle } from './board-push-toggle';
import { DayFigures } from './day-figures';
import { KitchenTicket, OrderCard } from './order-card';
import { RefundLinesDialog } from './refund-lines-dialog';

type OpenDialog = { kind: 'accept' | 'cancel' | 'refund'; order: Order } | null;

export function OrdersBoard() {
  const id = useId();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<BoardFilters>({ today: true });
  const { alerting, late } = useAlertingOrders();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [printing, setPrinting] = useState<Order | null>(null);
  const board = useQuery(boardQueryOptions(filters));

  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKeys.board() });
  const onError = (error: unknown) => {
    notify({
      type: 'error',
      title: 'Error',
      message: error instanceof ApiRequestError ? error.message : 'Failed to update the order. Check your connection.',
    });
    refresh();
  };
  const done = (title: string, order: Order) => {
    notify({ type: 'success', title, message: `${order.orderNumber}: ${orderStatusLabel(order.status, order.fulfilment)}` });
    setDialog(null);
    refresh();
  };
  const move = useMutation({
    mutationFn: (input: { orderNumber: string; status: OrderStatus }) => moveOrder(input.orderNumber, input.status),
    onSuccess: ({ order }) => done('Order updated', order),
    onError,
  });
  const accept = useMutation({
    mutationFn: (input: { orderNumber: string; prepMinutes: number }) => acceptOrder(input.orderNumber, { prepMinutes: input.prepMinutes }),
    onSuccess: ({ order }) => done('Order accepted', order),
    onError,
  });
  const cancel = useMutation({
    mutationFn: (input: { orderNumber: string; body: RestaurantCancelInput }) => cancelOrderOnBoard(input.orderNumber, input.body),
    onSuccess: ({ order }) => done('Order cancelled', order),
    onError,
  });
  const refund = useMutation({
    mutationFn: (input: { orderNumber: string; lines: RefundLine[] }) => refundOrderLines(input.orderNumber, { lines: input.lines }),
    onSuccess: ({ order }) => done('Refund started', order),
    onError,
  });
  const retry = useMutation({
    mutationFn: (input: { orderNumber: string; refundId: number }) => retryRefund(input.orderNumber, input.refundId),
    onSuccess: ({ order }) => done('Refund retried', order),
    onError,
  });
  const resend = useMutation({
    mutationFn: (orderNumber: string) => resendToPos(orderNumber),
    onSuccess: () => {
      notify({ type: 'info', title: 'Re-sent to POS', message: 'Sending order to kitchen...' });
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
    [move, accept, cancel, refund, retry].some((m) => m.isPending && m.variables?.orderNumber === orderNumber) ||
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
  const grouped = board.data ? groupByBoardStage(board.data.orders) : null;

  return (
    <div className="admin-board">
      <div className="admin-board__filters admin-card">
        <DayFigures />
        <label className="admin-inline">
          <input type="checkbox" checked={filters.today} onChange={(e) => setFilters((f) => ({ ...f, today: e.target.checked }))} />
          Today only
        </label>
        <BoardPushToggle />
        <span className="admin-board__live" role="status">
          {alerting.size > 0 ? `${alerting.size} new order${alerting.size === 1 ? '' : 's'}` : 'Live'}
          {late.size > 0 ? `, ${late.size} not accepted in time` : ''}
        </span>
      </div>

      {board.isPending ? <Spinner label="Loading orders..." /> : null}
      {board.isError ? (
        <div className="admin-card" role="alert">
          <p>Could not load orders. Check your connection and try again.</p>
          <button type="button" className="button" onClick={() => void board.refetch()}>
            Retry
          </button>
        </div>
      ) : null}
      {grouped ? (
        <div className="admin-board__columns">
          {BOARD_STAGES.map((stage) => {
            const orders = grouped.stages[stage];
            const label = BOARD_STAGE_LABELS[stage];
            return (
              <section key={stage} className={`admin-board__column admin-board__column--${stage}`} aria-labelledby={`${id}-${stage}`}>
                <h2 id={`${id}-${stage}`} className="admin-board__column-title">
                  {label}{' '}
                  <span className="admin-board__count">
                    <span className="visually-hidden">, </span>
                    {orders.length}
                    <span className="visually-hidden"> {orders.length === 1 ? 'order' : 'orders'}</span>
                  </span>
                </h2>
                {orders.length === 0 ? (
                  <p className="admin-muted admin-board__empty">No orders</p>
                ) : (
                  <ol className="admin-board__list" aria-label={`${label} orders`}>
                    {orders.map((order) => (
                      <li key={order.orderNumber}>{card(order)}</li>
                    ))}
                  </ol>
                )}
              </section>
            );
          })}
        </div>
      ) : null}
      {grouped && grouped.finished.length > 0 ? (
        <details className="admin-board__finished">
          <summary>Finished ({grouped.finished.length})</summary>
          <ol className="admin-board__list admin-board__list--finished" aria-label="Finished orders">
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
      {printing ? createPortal(<KitchenTicket order={printing} />, document.body) : null}
    </div>
  );
}
