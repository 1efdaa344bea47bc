/**
 * One order on the board, and its 80 mm kitchen ticket (printed with the browser's print dialog).
 * A delivery shows the whole Romanian door the customer typed (street and number, bloc, scară, etaj,
 * apartament, interfon), the instructions, a tap-to-call phone and an 'Open in maps' link to the
 * pin (issue 27): the driver reads the card or the ticket and finds the flat without calling.
 * Issue 19: a new order offers Accept (with the preparation time) and Reject (with a reason); past
 * its accept deadline the card is flagged 'Not accepted in time'. Once accepted it shows the ready
 * time (and a delivery's arrival window); a card order lists its refunds, a failed one with Retry,
 * and a paid one can refund single lines (a missing item).
 */
import { orderStatusLabel } from '../../../shared/domain/order-status';
import { mapsLinkForPin, romanianBlockDetails, romanianStreetLine, telLink } from '../../../shared/domain/romanian-address';
import { formatWeight, portionPriceBani } from '../../../shared/domain/weight-pricing';
import type { Bani } from '../../../shared/money';
import { asBani, formatLei } from '../../../shared/money';
import type { Order, OrderItem, OrderStatus } from '../../../shared/schemas/order';
import { isKitchenReady } from '../new-order-alerts';
import { canRefundLines, refundLine } from '../order-refunds';

const TIME_FORMAT = new Intl.DateTimeFormat('ro-RO', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Bucharest' });
const DATE_TIME_FORMAT = new Intl.DateTimeFormat('ro-RO', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Bucharest' });

function posLabel(status: string): string {
  if (status === 'sent') return 'Sent to kitchen';
  if (status.startsWith('failed')) return 'Hand-off failed';
  return 'Sending order to kitchen...';
}

function fulfilmentLine(order: Order): string {
  if (order.fulfilment === 'pickup') return `Pickup${order.pickupLocation ? ` · ${order.pickupLocation.name}` : ''}`;
  return 'Delivery';
}

/** The address lines a driver reads, top to bottom: street and number, the block details, the city. */
export function deliveryAddressLines(order: Order): string[] {
  const address = order.fulfilment === 'delivery' ? order.deliveryAddress : null;
  if (!address) return [];
  const city = [address.city, address.postalCode].filter(Boolean).join(' ');
  return [romanianStreetLine(address), romanianBlockDetails(address), city].filter((line): line is string => !!line);
}

function pinOf(order: Order): { latitude: number; longitude: number } | null {
  if (order.fulfilment !== 'delivery' || order.deliveryLatitude === null || order.deliveryLongitude === null) return null;
  return { latitude: order.deliveryLatitude, longitude: order.deliveryLongitude };
}

/**
 * A per-kg dish's portion as the kitchen weighs it (issue 27): "Weight: 750 g · 129.00 lei/kg = 96.75 lei",
 * per portion ("each") when the line has more than one.
 */
function weightLine(item: OrderItem, weightGrams: number): string {
  const each = item.quantity > 1 ? ' each' : '';
  const portion = formatLei(portionPriceBani(asBani(item.basePriceBani), weightGrams));
  return `Weight: ${formatWeight(weightGrams)}${each} · ${formatLei(asBani(item.basePriceBani))}/kg = ${portion}${each}`;
}

export interface OrderCardProps {
  order: Order;
  /** Waiting for someone to accept or reject it (ringing). */
  ringing: boolean;
  /** Past its accept deadline (escalated). */
  late: boolean;
  busy: boolean;
  nextStatuses: OrderStatus[];
  onAccept(): void;
  onCancel(): void;
  onMove(status: OrderStatus): void;
  onResend(): void;
  onPrint(): void;
  onRefundLines(): void;
  onRetryRefund(refundId: number): void;
}

/** "Ready at 19:45" / "Ready at 19:45 · arrives 19:55-20:10", once accepted. */
function promiseLine(order: Order): string | null {
  if (!order.readyAt) return null;
  const ready = `Ready at ${TIME_FORMAT.format(new Date(order.readyAt))}`;
  if (!order.arrivalWindow) return ready;
  return `${ready} · arrives ${TIME_FORMAT.format(new Date(order.arrivalWindow.from))}-${TIME_FORMAT.format(new Date(order.arrivalWindow.to))}`;
}

function RefundsList({ order, busy, onRetry }: { order: Order; busy: boolean; onRetry(refundId: number): void }) {
  if (order.refunds.length === 0) return null;
  return (
    <ul className="admin-order__refunds" aria-label={`Refunds of ${order.orderNumber}`}>
      {order.refunds.map((refund) => (
        <li key={refund.id} className={`admin-order__refund admin-order__refund--${refund.status}`}>
          <span>{refundLine(refund)}</span>
          {refund.status === 'failed' ? (
            <button type="button" className="button button--outline" disabled={busy} onClick={() => onRetry(refund.id)}>
              Retry refund
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function OrderCard(props: OrderCardProps) {
  const { order, ringing, late, busy, nextStatuses, onAccept, onCancel, onMove, onResend, onPrint, onRefundLines, onRetryRefund } = props;
  const handOffFailed = order.posInjectionStatus.startsWith('failed');
  const addressLines = deliveryAddressLines(order);
  const pin = pinOf(order);
  const undecided = order.status === 'received';
  const promise = promiseLine(order);
  const stateClass = late ? ' admin-order--late' : ringing ? ' admin-order--fresh' : '';
  return (
    <article className={`admin-card admin-order${stateClass}`} aria-label={`Order ${order.orderNumber}`}>
      <header className="admin-order__header">
        <h3 className="admin-order__number">{order.orderNumber}</h3>
        <span className="badge">{orderStatusLabel(order.status, order.fulfilment)}</span>
        {late ? <strong className="admin-order__flag admin-order__flag--late">Not accepted in time</strong> : null}
        {ringing && !late ? <strong className="admin-order__flag">New</strong> : null}
      </header>
      <p className="admin-muted">
        <time dateTime={order.createdAt}>{TIME_FORMAT.format(new Date(order.createdAt))}</time> · {fulfilmentLine(order)}
      </p>
      {promise ? <p className="admin-order__promise">{promise}</p> : null}
      {addressLines.length > 0 ? (
        <address className="admin-order__address">
          {addressLines.map((line, index) => (
            <span key={index} className={index === 0 ? 'admin-order__street' : undefined}>
              {line}
            </span>
          ))}
        </address>
      ) : null}
      {order.deliveryInstructions ? <p className="admin-order__note">Instructions: {order.deliveryInstructions}</p> : null}
      <p className="admin-order__contact">
        <strong>{order.customerName}</strong> · <a href={telLink(order.customerPhone)}>{order.customerPhone}</a>
        {pin ? (
          <>
            {' · '}
            <a href={mapsLinkForPin(pin.latitude, pin.longitude)} target="_blank" rel="noopener noreferrer">
              Open in maps
            </a>
          </>
        ) : null}
      </p>
      <ul className="admin-order__lines">
        {order.orderItems.map((item) => (
          <li key={item.id}>
            <span>
              {item.quantity} × {item.itemName}
            </span>
            {item.weightGrams ? <strong className="admin-order__weight"> · {weightLine(item, item.weightGrams)}</strong> : null}
            {item.selectedModifiers.length > 0 ? (
              <span className="admin-order__mods"> ({item.selectedModifiers.map((m) => m.name).join(', ')})</span>
            ) : null}
            {item.specialInstructions ? <span className="admin-order__note"> Note: {item.specialInstructions}</span> : null}
          </li>
        ))}
      </ul>
      {order.customerNotes ? <p className="admin-order__note">Order note: {order.customerNotes}</p> : null}
      {order.cancelReason ? <p className="admin-order__note">Cancelled: {order.cancelReason}</p> : null}
      <dl className="admin-order__facts">
        <div>
          <dt>Total</dt>
          <dd>
            {formatLei(order.totalBani as Bani)}
            {order.refundedBani > 0
              ? ` · refunded ${formatLei(order.refundedBani as Bani)} · now ${formatLei((order.totalBani - order.refundedBani) as Bani)}`
              : ''}
          </dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>
            {order.paymentMethod === 'cash' ? 'Cash' : 'Card'} · {order.paymentStatus}
          </dd>
        </div>
        <div>
          <dt>POS</dt>
          <dd>{undecided && order.status !== 'cancelled' ? 'Waiting for acceptance' : posLabel(order.posInjectionStatus)}</dd>
        </div>
      </dl>
      <RefundsList order={order} busy={busy} onRetry={onRetryRefund} />
      <div className="admin-actions">
        {undecided && isKitchenReady(order) ? (
          <button type="button" className="button" disabled={busy} onClick={onAccept}>
            Accept
          </button>
        ) : null}
        {undecided && !isKitchenReady(order) ? <span className="admin-muted">Waiting for the card payment</span> : null}
        {nextStatuses
          .filter((status) => status !== 'cancelled' && !undecided)
          .map((status) => (
            <button key={status} type="button" className="button" disabled={busy} onClick={() => onMove(status)}>
              Move to {orderStatusLabel(status, order.fulfilment)}
            </button>
          ))}
        {nextStatuses.includes('cancelled') || undecided ? (
          <button type="button" className="button button--outline" disabled={busy} onClick={onCancel}>
            {undecided ? 'Reject' : 'Cancel'}
          </button>
        ) : null}
        {canRefundLines(order) ? (
          <button type="button" className="button button--outline" disabled={busy} onClick={onRefundLines}>
            Refund items
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
  const pin = pinOf(order);
  return (
    <div className="kitchen-ticket" aria-hidden="true">
      <p className="kitchen-ticket__title">Casa Grătarului</p>
      <p className="kitchen-ticket__number">{order.orderNumber}</p>
      <p>{DATE_TIME_FORMAT.format(new Date(order.createdAt))}</p>
      {order.readyAt ? <p className="kitchen-ticket__number">{promiseLine(order)}</p> : null}
      <p>
        <strong>{fulfilmentLine(order).toUpperCase()}</strong>
      </p>
      {deliveryAddressLines(order).map((line, index) => (
        <p key={index}>{line}</p>
      ))}
      {order.deliveryInstructions ? <p>Instructions: {order.deliveryInstructions}</p> : null}
      <p>
        {order.customerName} · Tel. {order.customerPhone}
      </p>
      {pin ? (
        <p>
          Pin: {pin.latitude.toFixed(5)}, {pin.longitude.toFixed(5)}
        </p>
      ) : null}
      <hr />
      {order.orderItems.map((item) => (
        <div key={item.id} className="kitchen-ticket__line">
          <p>
            <strong>
              {item.quantity} × {item.itemName}
            </strong>
          </p>
          {/* Per-kg dishes: what to weigh for each portion (issue 27). */}
          {item.weightGrams ? <p className="kitchen-ticket__weight">{weightLine(item, item.weightGrams)}</p> : null}
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
      {order.refundedBani > 0 ? (
        <p>
          Refunded: {formatLei(order.refundedBani as Bani)} · New total: {formatLei((order.totalBani - order.refundedBani) as Bani)}
        </p>
      ) : null}
    </div>
  );
}
