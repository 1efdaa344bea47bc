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
import type { Translate } from '../../../lib/i18n';
import { useLocale, useT } from '../../../lib/i18n';
import type { Locale } from '../../../shared/i18n/locales';
import { mapsLinkForPin, romanianBlockDetails, romanianStreetLine, telLink } from '../../../shared/domain/romanian-address';
import { formatWeight, portionPriceBani } from '../../../shared/domain/weight-pricing';
import type { Bani } from '../../../shared/money';
import { asBani, formatLei } from '../../../shared/money';
import type { Order, OrderItem, OrderStatus } from '../../../shared/schemas/order';
import { clockText, shortDateTimeText } from '../admin-time';
import { isKitchenReady } from '../new-order-alerts';
import { canRefundLines, refundLine } from '../order-refunds';
import { PAYMENT_METHOD_WORDS, PAYMENT_STATUS_WORDS, statusWords } from '../order-words';

function posLabel(status: string, t: Translate): string {
  if (status === 'sent') return t('admin.order.pos.sent');
  if (status.startsWith('failed')) return t('admin.order.pos.failed');
  return t('admin.order.pos.sending');
}

function fulfilmentLine(order: Order, t: Translate): string {
  if (order.fulfilment === 'pickup')
    return order.pickupLocation ? t('admin.order.pickupAt', { location: order.pickupLocation.name }) : t('admin.order.pickup');
  return t('admin.order.delivery');
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
function weightLine(item: OrderItem, weightGrams: number, t: Translate, locale: Locale): string {
  const values = {
    weight: formatWeight(weightGrams, locale),
    pricePerKg: formatLei(asBani(item.basePriceBani), locale),
    portion: formatLei(portionPriceBani(asBani(item.basePriceBani), weightGrams), locale),
  };
  return t(item.quantity > 1 ? 'admin.order.weightEach' : 'admin.order.weight', values);
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
function promiseLine(order: Order, t: Translate, locale: Locale): string | null {
  if (!order.readyAt) return null;
  const time = clockText(order.readyAt, locale);
  if (!order.arrivalWindow) return t('admin.order.readyAt', { time });
  const from = clockText(order.arrivalWindow.from, locale);
  return t('admin.order.readyAtArrives', { time, from, to: clockText(order.arrivalWindow.to, locale) });
}

/** "Cash", "Card · paid": how the order is paid and where the payment stands. */
function paymentWords(order: Order, t: Translate): { method: string; status: string } {
  return { method: t(PAYMENT_METHOD_WORDS[order.paymentMethod]), status: t(PAYMENT_STATUS_WORDS[order.paymentStatus]) };
}

function RefundsList({ order, busy, onRetry }: { order: Order; busy: boolean; onRetry(refundId: number): void }) {
  const t = useT();
  const locale = useLocale();
  if (order.refunds.length === 0) return null;
  return (
    <ul className="admin-order__refunds" aria-label={t('admin.order.refunds', { orderNumber: order.orderNumber })}>
      {order.refunds.map((refund) => (
        <li key={refund.id} className={`admin-order__refund admin-order__refund--${refund.status}`}>
          <span>{refundLine(refund, t, locale)}</span>
          {refund.status === 'failed' ? (
            <button type="button" className="button button--outline" disabled={busy} onClick={() => onRetry(refund.id)}>
              {t('admin.order.retryRefund')}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function OrderCard(props: OrderCardProps) {
  const { order, ringing, late, busy, nextStatuses, onAccept, onCancel, onMove, onResend, onPrint, onRefundLines, onRetryRefund } = props;
  const t = useT();
  const locale = useLocale();
  const handOffFailed = order.posInjectionStatus.startsWith('failed');
  const addressLines = deliveryAddressLines(order);
  const pin = pinOf(order);
  const undecided = order.status === 'received';
  const promise = promiseLine(order, t, locale);
  const payment = paymentWords(order, t);
  const stateClass = late ? ' admin-order--late' : ringing ? ' admin-order--fresh' : '';
  return (
    <article className={`admin-card admin-order${stateClass}`} aria-label={t('admin.order.label', { orderNumber: order.orderNumber })}>
      <header className="admin-order__header">
        <h3 className="admin-order__number">{order.orderNumber}</h3>
        <span className="badge">{t(statusWords(order.status, order.fulfilment))}</span>
        {late ? <strong className="admin-order__flag admin-order__flag--late">{t('admin.order.lateFlag')}</strong> : null}
        {ringing && !late ? <strong className="admin-order__flag">{t('admin.order.newFlag')}</strong> : null}
      </header>
      <p className="admin-muted">
        <time dateTime={order.createdAt}>{clockText(order.createdAt, locale)}</time> · {fulfilmentLine(order, t)}
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
      {order.deliveryInstructions ? (
        <p className="admin-order__note">{t('admin.order.instructions', { text: order.deliveryInstructions })}</p>
      ) : null}
      <p className="admin-order__contact">
        <strong>{order.customerName}</strong> · <a href={telLink(order.customerPhone)}>{order.customerPhone}</a>
        {pin ? (
          <>
            {' · '}
            <a href={mapsLinkForPin(pin.latitude, pin.longitude)} target="_blank" rel="noopener noreferrer">
              {t('admin.order.openInMaps')}
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
            {item.weightGrams ? <strong className="admin-order__weight"> · {weightLine(item, item.weightGrams, t, locale)}</strong> : null}
            {item.selectedModifiers.length > 0 ? (
              <span className="admin-order__mods"> ({item.selectedModifiers.map((m) => m.name).join(', ')})</span>
            ) : null}
            {item.specialInstructions ? (
              <span className="admin-order__note"> {t('admin.order.lineNote', { text: item.specialInstructions })}</span>
            ) : null}
          </li>
        ))}
      </ul>
      {order.customerNotes ? <p className="admin-order__note">{t('admin.order.orderNote', { text: order.customerNotes })}</p> : null}
      {order.cancelReason ? <p className="admin-order__note">{t('admin.order.cancelledBecause', { reason: order.cancelReason })}</p> : null}
      <dl className="admin-order__facts">
        <div>
          <dt>{t('admin.order.total')}</dt>
          <dd>
            {formatLei(order.totalBani as Bani, locale)}
            {order.refundedBani > 0
              ? ` · ${t('admin.order.totalAfterRefunds', {
                  refunded: formatLei(order.refundedBani as Bani, locale),
                  now: formatLei((order.totalBani - order.refundedBani) as Bani, locale),
                })}`
              : ''}
          </dd>
        </div>
        <div>
          <dt>{t('admin.order.payment')}</dt>
          <dd>
            {payment.method} · {payment.status}
          </dd>
        </div>
        <div>
          <dt>{t('admin.order.pos')}</dt>
          <dd>{undecided && order.status !== 'cancelled' ? t('admin.order.pos.waiting') : posLabel(order.posInjectionStatus, t)}</dd>
        </div>
      </dl>
      <RefundsList order={order} busy={busy} onRetry={onRetryRefund} />
      <div className="admin-actions">
        {undecided && isKitchenReady(order) ? (
          <button type="button" className="button" disabled={busy} onClick={onAccept}>
            {t('admin.order.accept')}
          </button>
        ) : null}
        {undecided && !isKitchenReady(order) ? <span className="admin-muted">{t('admin.order.waitingForCard')}</span> : null}
        {nextStatuses
          .filter((status) => status !== 'cancelled' && !undecided)
          .map((status) => (
            <button key={status} type="button" className="button" disabled={busy} onClick={() => onMove(status)}>
              {t('admin.board.moveTo', { target: t(statusWords(status, order.fulfilment)) })}
            </button>
          ))}
        {nextStatuses.includes('cancelled') || undecided ? (
          <button type="button" className="button button--outline" disabled={busy} onClick={onCancel}>
            {undecided ? t('admin.order.reject') : t('admin.order.cancel')}
          </button>
        ) : null}
        {canRefundLines(order) ? (
          <button type="button" className="button button--outline" disabled={busy} onClick={onRefundLines}>
            {t('admin.order.refundItems')}
          </button>
        ) : null}
        {handOffFailed ? (
          <button type="button" className="button button--outline" disabled={busy} onClick={onResend}>
            {t('admin.order.resend')}
          </button>
        ) : null}
        <button type="button" className="button button--outline" onClick={onPrint}>
          {t('admin.order.print')}
        </button>
      </div>
    </article>
  );
}

/** The printed kitchen ticket: shown only by the print stylesheet (80 mm receipt width). */
export function KitchenTicket({ order }: { order: Order }) {
  const t = useT();
  const locale = useLocale();
  const pin = pinOf(order);
  const payment = paymentWords(order, t);
  return (
    <div className="kitchen-ticket" aria-hidden="true">
      <p className="kitchen-ticket__title">{t('admin.ticket.restaurant')}</p>
      <p className="kitchen-ticket__number">{order.orderNumber}</p>
      <p>{shortDateTimeText(order.createdAt, locale)}</p>
      {order.readyAt ? <p className="kitchen-ticket__number">{promiseLine(order, t, locale)}</p> : null}
      <p>
        <strong>{fulfilmentLine(order, t).toLocaleUpperCase(locale)}</strong>
      </p>
      {deliveryAddressLines(order).map((line, index) => (
        <p key={index}>{line}</p>
      ))}
      {order.deliveryInstructions ? <p>{t('admin.order.instructions', { text: order.deliveryInstructions })}</p> : null}
      <p>{t('admin.ticket.customer', { name: order.customerName, phone: order.customerPhone })}</p>
      {pin ? <p>{t('admin.ticket.pin', { latitude: pin.latitude.toFixed(5), longitude: pin.longitude.toFixed(5) })}</p> : null}
      <hr />
      {order.orderItems.map((item) => (
        <div key={item.id} className="kitchen-ticket__line">
          <p>
            <strong>
              {item.quantity} × {item.itemName}
            </strong>
          </p>
          {/* Per-kg dishes: what to weigh for each portion (issue 27). */}
          {item.weightGrams ? <p className="kitchen-ticket__weight">{weightLine(item, item.weightGrams, t, locale)}</p> : null}
          {item.selectedModifiers.map((m) => (
            <p key={m.modifierId}> + {m.name}</p>
          ))}
          {item.specialInstructions ? <p> {t('admin.ticket.lineNote', { text: item.specialInstructions })}</p> : null}
        </div>
      ))}
      <hr />
      {order.customerNotes ? <p>{t('admin.order.lineNote', { text: order.customerNotes })}</p> : null}
      <p>{t('admin.ticket.total', { total: formatLei(order.totalBani as Bani, locale), ...payment })}</p>
      {order.refundedBani > 0 ? (
        <p>
          {t('admin.ticket.refunded', {
            refunded: formatLei(order.refundedBani as Bani, locale),
            total: formatLei((order.totalBani - order.refundedBani) as Bani, locale),
          })}
        </p>
      ) : null}
    </div>
  );
}
