/**
 * The Orders section: the restaurant's order board (issue 7). Newest first, live over SSE
 * (the admin screen runs GET /api/admin/events), filtered by status and by today. A new order the
 * kitchen may start stays highlighted until acknowledged (use-new-order-alerts.ts beeps). Moves follow the shared transition rule; cancelling asks for a
 * reason the customer will read. Needs the network: offline the board shows the error state.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { createPortal } from 'react-dom';

import { Dialog } from '../../../components/dialog';
import { Spinner } from '../../../components/skeleton';
import { ApiRequestError } from '../../../lib/api-fetch';
import { notify } from '../../../lib/notify';
import { nextStatuses } from '../../../shared/domain/order-status';
import type { Order, OrderStatus } from '../../../shared/schemas/order';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '../../../shared/schemas/order';
import type { BoardFilters } from '../api/admin-api';
import { adminKeys, boardQueryOptions, moveOrder, resendToPos } from '../api/admin-api';
import { useAlertingOrders } from '../hooks/use-new-order-alerts';
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
      notify({ type: 'success', title: 'Order updated', message: `${order.orderNumber}: ${ORDER_STATUS_LABELS[order.status]}` });
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

  return (
    <div className="admin-board">
      <div className="admin-board__filters admin-card">
        <div className="field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select
            id={`${id}-status`}
            value={filters.status ?? ''}
            onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value ? (e.target.value as OrderStatus) : undefined }))}
          >
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ORDER_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
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
      {board.data && board.data.orders.length === 0 ? <p className="admin-muted">No orders yet.</p> : null}
      {board.data ? (
        <ol className="admin-board__list" aria-label="Orders">
          {board.data.orders.map((order) => (
            <li key={order.orderNumber}>
              <OrderCard
                order={order}
                fresh={fresh.has(order.orderNumber)}
                busy={
                  (move.isPending && move.variables.orderNumber === order.orderNumber) ||
                  (resend.isPending && resend.variables === order.orderNumber)
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
            </li>
          ))}
        </ol>
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
