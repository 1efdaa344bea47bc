/** One order on the board, and its 80 mm kitchen ticket (printed with the browser's print dialog). */
import type { Bani } from '../../../shared/money';
import { formatLei } from '../../../shared/money';
import type { Order, OrderStatus } from '../../../shared/schemas/order';
import { ORDER_STATUS_LABELS } from '../../../shared/schemas/order';

const TIME_FORMAT = new Intl.DateTimeFormat('ro-RO', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Bucharest' });
const DATE_TIME_FORMAT = new Intl.DateTimeFormat('ro-RO', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Bucharest' });

function posLabel(status: string): string {
  if (status === 'sent') return 'Sent to kitchen';
  if (status.startsWith('failed')) return 'Hand-off failed';
  return 'Sending order to kitchen...';
}

function fulfilmentLine(order: Order): string {
  if (order.fulfilment === 'pickup') return `Pickup${order.pickupLocation ? ` · ${order.pickupLocation.name}` : ''}`;
  return `Delivery${order.deliveryAddress ? ` · ${order.deliveryAddress.formatted}` : ''}`;
}

export interface OrderCardProps {
  order: Order;
  fresh: boolean;
  busy: boolean;
  nextStatuses: OrderStatus[];
  onAcknowledge(): void;
  onMove(status: OrderStatus): void;
  onResend(): void;
  onPrint(): void;
}

export function OrderCard({ order, fresh, busy, nextStatuses, onAcknowledge, onMove, onResend, onPrint }: OrderCardProps) {
  const handOffFailed = order.posInjectionStatus.startsWith('failed');
  return (
    <article className={`admin-card admin-order${fresh ? ' admin-order--fresh' : ''}`} aria-label={`Order ${order.orderNumber}`}>
      <header className="admin-order__header">
        <h3 className="admin-order__number">{order.orderNumber}</h3>
        <span className="badge">{ORDER_STATUS_LABELS[order.status]}</span>
        {fresh ? (
          <button type="button" className="button admin-order__ack" onClick={onAcknowledge}>
            New · Acknowledge
          </button>
        ) : null}
      </header>
      <p className="admin-muted">
        <time dateTime={order.createdAt}>{TIME_FORMAT.format(new Date(order.createdAt))}</time> · {fulfilmentLine(order)}
      </p>
      <p>
        <strong>{order.customerName}</strong> · {order.customerPhone}
      </p>
      <ul className="admin-order__lines">
        {order.orderItems.map((item) => (
          <li key={item.id}>
            <span>
              {item.quantity} × {item.itemName}
            </span>
            {item.selectedModifiers.length > 0 ? (
              <span className="admin-order__mods"> ({item.selectedModifiers.map((m) => m.name).join(', ')})</span>
            ) : null}
            {item.specialInstructions ? <span className="admin-order__note"> Note: {item.specialInstructions}</span> : null}
          </li>
        ))}
      </ul>
      {order.customerNotes ? <p className="admin-order__note">Order note: {order.customerNotes}</p> : null}
      {order.deliveryInstructions ? <p className="admin-order__note">Delivery: {order.deliveryInstructions}</p> : null}
      {order.cancelReason ? <p className="admin-order__note">Cancelled: {order.cancelReason}</p> : null}
      <dl className="admin-order__facts">
        <div>
          <dt>Total</dt>
          <dd>{formatLei(order.totalBani as Bani)}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>
            {order.paymentMethod === 'cash' ? 'Cash' : 'Card'} · {order.paymentStatus}
          </dd>
        </div>
        <div>
          <dt>POS</dt>
          <dd>{posLabel(order.posInjectionStatus)}</dd>
        </div>
      </dl>
      <div className="admin-actions">
        {nextStatuses
          .filter((status) => status !== 'cancelled')
          .map((status) => (
            <button key={status} type="button" className="button" disabled={busy} onClick={() => onMove(status)}>
              Move to {ORDER_STATUS_LABELS[status]}
            </button>
          ))}
        {nextStatuses.includes('cancelled') ? (
          <button type="button" className="button button--outline" disabled={busy} onClick={() => onMove('cancelled')}>
            Cancel
          </button>
        ) : null}
        {handOffFailed ? (
          <button type="button" className="button button--outline" disabled={busy} onClick={onResend}>
            Re-send to POS
          </button>
        ) : null}
        <button type="button" className="button button--outline" onClick={onPrint}>
          Print ticket
        </button>
      </div>
    </article>
  );
}

/** The printed kitchen ticket: shown only by the print stylesheet (80 mm receipt width). */
export function KitchenTicket({ order }: { order: Order }) {
  return (
    <div className="kitchen-ticket" aria-hidden="true">
      <p className="kitchen-ticket__title">Casa Grătarului</p>
      <p className="kitchen-ticket__number">{order.orderNumber}</p>
      <p>{DATE_TIME_FORMAT.format(new Date(order.createdAt))}</p>
      <p>{fulfilmentLine(order)}</p>
      <p>
        {order.customerName} · {order.customerPhone}
      </p>
      <hr />
      {order.orderItems.map((item) => (
        <div key={item.id} className="kitchen-ticket__line">
          <p>
            <strong>
              {item.quantity} × {item.itemName}
            </strong>
          </p>
          {item.selectedModifiers.map((m) => (
            <p key={m.modifierId}> + {m.name}</p>
          ))}
          {item.specialInstructions ? <p> ! {item.specialInstructions}</p> : null}
        </div>
      ))}
      <hr />
      {order.customerNotes ? <p>Note: {order.customerNotes}</p> : null}
      <p>
        Total: {formatLei(order.totalBani as Bani)} · {order.paymentMethod === 'cash' ? 'Cash' : 'Card'} ({order.paymentStatus})
      </p>
    </div>
  );
}
