/**
 * The Orders section: the restaurant's order board (issue 7), in columns by stage that a cook reads
 * across a kitchen (issue 27: new, accepted, in kitchen, ready, out for delivery), newest at the top
 * of each; delivered, picked-up and cancelled orders fold away under 'Finished'. Live over SSE (the
 * admin screen runs GET /api/admin/events), today's orders by default. A new order the kitchen may
 * start stays highlighted until acknowledged (use-new-order-alerts.ts beeps). Moves follow the
 * shared transition rule; cancelling asks for a reason the customer will read. Needs the network:
 * offline the board shows the error state.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { createPortal } from 'react-dom';

import { Dialog } from '../../../components/dialog';
import { Spinner } from '../../../components/skeleton';
import { ApiRequestError } from '../../../lib/api-fetch';
import { notify } from '../../../lib/notify';
import { BOARD_STAGE_LABELS, BOARD_STAGES, groupByBoardStage, nextStatuses, orderStatusLabel } from '../../../shared/domain/order-status';
import type { Order, OrderStatus } from '../../../shared/schemas/order';
import type { BoardFilters } from '../api/admin-api';
import { adminKeys, boardQueryOptions, moveOrder, resendToPos } from '../api/admin-api';
import { useAlertingOrders } from '../hooks/use-new-order-alerts';
import { DayFigures } from './day-figures';
import { KitchenTicket, OrderCard } from './order-card';

export function OrdersBoard() {
  const id = useId();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<BoardFilters>({ today: true });
  const { alerting: fresh, acknowledge } = useAlertingOrders();
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [printing, setPrinting] = useState<Order | null>(null);
  const board = useQuery(boardQueryOptions(filters));

  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKeys.board() });
  const onError = (error: unknown) =>
    notify({
      type: 'error',
      title: 'Error',
      message: error instanceof ApiRequestError ? error.message : 'Failed to update the order. Check your connection.',
    });
  const move = useMutation({
    mutationFn: (input: { orderNumber: string; status: OrderStatus; reason?: string }) =>
      moveOrder(input.orderNumber, input.status, input.reason),
    onSuccess: ({ order }) => {
      notify({
        type: 'success',
        title: 'Order updated',
        message: `${order.orderNumber}: ${orderStatusLabel(order.status, order.fulfilment)}`,
      });
      setCancelling(null);
      refresh();
    },
    onError: (error) => {
      onError(error);
      refresh();
    },
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

  const card = (order: Order) => (
    <OrderCard
      order={order}
      fresh={fresh.has(order.orderNumber)}
      busy={
        (move.isPending && move.variables.orderNumber === order.orderNumber) || (resend.isPending && resend.variables === order.orderNumber)
      }
      nextStatuses={nextStatuses(order.status, order.fulfilment)}
      onAcknowledge={() => acknowledge(order.orderNumber)}
      onMove={(status) => {
        acknowledge(order.orderNumber);
        if (status === 'cancelled') setCancelling(order);
        else move.mutate({ orderNumber: order.orderNumber, status });
      }}
      onResend={() => resend.mutate(order.orderNumber)}
      onPrint={() => print(order)}
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
        <span className="admin-board__live" role="status">
          {fresh.size > 0 ? `${fresh.size} new order${fresh.size === 1 ? '' : 's'}` : 'Live'}
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

      {cancelling ? (
        <CancelDialog
          order={cancelling}
          busy={move.isPending}
          onClose={() => setCancelling(null)}
          onConfirm={(reason) => move.mutate({ orderNumber: cancelling.orderNumber, status: 'cancelled', reason })}
        />
      ) : null}
      {printing ? createPortal(<KitchenTicket order={printing} />, document.body) : null}
    </div>
  );
}

function CancelDialog({
  order,
  busy,
  onClose,
  onConfirm,
}: {
  order: Order;
  busy: boolean;
  onClose(): void;
  onConfirm(reason: string): void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <Dialog title={`Cancel order ${order.orderNumber}`} onClose={onClose}>
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (reason.trim()) onConfirm(reason.trim());
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason (the customer will see it)</label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            required
            maxLength={300}
            value={reason}
            data-autofocus
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <div className="admin-actions">
          <button type="button" className="button button--outline" onClick={onClose}>
            Keep order
          </button>
          <button type="submit" className="button" disabled={busy || reason.trim() === ''}>
            Cancel order
          </button>
        </div>
      </form>
    </Dialog>
  );
}
