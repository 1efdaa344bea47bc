/**
 * The order e-mails (issue 20), in plain text and simple HTML, in the customer's language (the words
 * are in api/i18n/*.json): the order received (lines, options, totals, delivery or pickup, payment),
 * the receipt once paid, and the refund once confirmed. Every message carries the restaurant's name,
 * address and phone, and the link to the order's page. Times read in Bucharest; amounts, weights
 * and dates are written the language's way.
 */
import type { Locale } from '../../src/shared/i18n/locales';
import { asBani, formatLei } from '../../src/shared/money';
import type { Bani } from '../../src/shared/money';
import { formatBucharestDateTime } from '../../src/shared/bucharest-date-time';
import { formatWeight } from '../../src/shared/domain/weight-pricing';
import type { Order } from '../../src/shared/schemas/order';
import { CANCEL_REASON_LABELS } from '../../src/shared/schemas/order';
import type { Translate } from '../i18n/translate';
import { serverMessages } from '../i18n/translate';
import type { MailMessage } from '../integrations/mail/port';
import { cancelReasonText } from './push-texts';

export interface RestaurantContact {
  name: string;
  address: string;
  phone: string;
  /** The origin people use (PUBLIC_URL): the order page's link. */
  origin: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

interface Section {
  heading: string;
  lines: string[];
}

/** One message from its parts: the text and the HTML say the same things in the same order. */
function compose(
  t: Translate,
  to: string,
  subject: string,
  intro: string[],
  sections: Section[],
  restaurant: RestaurantContact,
  orderUrl: string,
): MailMessage {
  const footer = [restaurant.name, restaurant.address, restaurant.phone].filter((part) => part.trim() !== '');
  const text = [
    ...intro,
    '',
    ...sections.flatMap((section) => [section.heading, ...section.lines.map((line) => `  ${line}`), '']),
    t('mail.orderLink.text', { url: orderUrl }),
    '',
    '--',
    ...footer,
  ].join('\n');
  const html = [
    ...intro.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...sections.map(
      (section) =>
        `<h3 style="margin:16px 0 4px">${escapeHtml(section.heading)}</h3>\n<ul style="margin:0;padding-left:18px">${section.lines
          .map((line) => `<li>${escapeHtml(line)}</li>`)
          .join('')}</ul>`,
    ),
    `<p><a href="${escapeHtml(orderUrl)}">${escapeHtml(t('mail.orderLink.html'))}</a></p>`,
    `<hr><p style="color:#555">${footer.map(escapeHtml).join('<br>')}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

function orderUrlOf(order: Order, restaurant: RestaurantContact): string {
  return `${restaurant.origin}/order-details/${encodeURIComponent(order.orderNumber)}`;
}

function greetingOf(order: Order, t: Translate): string {
  const firstName = order.customerName.trim().split(/\s+/)[0] ?? '';
  return firstName ? t('mail.hello.named', { name: firstName }) : t('mail.hello');
}

function itemLines(order: Order, locale: Locale, t: Translate): string[] {
  return order.orderItems.flatMap((item) => {
    const weight = item.weightGrams ? ` (${formatWeight(item.weightGrams, locale)})` : '';
    const lines = [`${item.quantity} × ${item.itemName}${weight} — ${formatLei(asBani(item.itemTotalBani), locale)}`];
    for (const option of item.selectedModifiers)
      lines.push(`    + ${option.name}${option.priceBani > 0 ? ` (${formatLei(asBani(option.priceBani), locale)})` : ''}`);
    if (item.specialInstructions) lines.push(`    ${t('mail.line.note', { text: item.specialInstructions })}`);
    return lines;
  });
}

function totalLines(order: Order, locale: Locale, t: Translate): string[] {
  const lei = (bani: number) => formatLei(asBani(bani), locale);
  return [
    t('mail.line.subtotal', { amount: lei(order.subtotalBani) }),
    ...(order.fulfilment === 'delivery' ? [t('mail.line.deliveryFee', { amount: lei(order.deliveryFeeBani) })] : []),
    ...(order.discountBani > 0 ? [t('mail.line.discount', { amount: lei(order.discountBani) })] : []),
    t('mail.line.total', { amount: lei(order.totalBani) }),
  ];
}

function fulfilmentSection(order: Order, locale: Locale, t: Translate): Section {
  // Issue 22: an order for later names its slot first.
  const slot = order.scheduledFor ? [t('mail.line.scheduledFor', { at: formatBucharestDateTime(order.scheduledFor, locale) })] : [];
  if (order.fulfilment === 'pickup') {
    const place = order.pickupLocation;
    return {
      heading: t('mail.section.pickup'),
      lines: [...slot, ...(place ? [place.name, place.address, ...(place.phone ? [place.phone] : [])] : [t('mail.line.atRestaurant')])],
    };
  }
  return {
    heading: t('mail.section.delivery'),
    lines: [
      ...slot,
      order.deliveryAddress?.formatted ?? '',
      ...(order.deliveryAddress?.details ? [order.deliveryAddress.details] : []),
      ...(order.deliveryInstructions ? [t('mail.line.instructions', { text: order.deliveryInstructions })] : []),
      t('mail.line.phone', { phone: order.customerPhone }),
    ].filter((line) => line !== ''),
  };
}

function paymentLine(order: Order, t: Translate): string {
  if (order.paymentMethod === 'cash')
    return order.fulfilment === 'delivery' ? t('mail.payment.cashOnDelivery') : t('mail.payment.cashAtCounter');
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') return t('mail.payment.cardPaid');
  return t('mail.payment.cardWaiting');
}

function notesSections(order: Order, t: Translate): Section[] {
  return order.customerNotes ? [{ heading: t('mail.section.notes'), lines: [order.customerNotes] }] : [];
}

/** The reason as the customer reads it: a preset in their language; with the manager's own words, as written. */
function cancelReasonOf(order: Order, locale: Locale): string {
  const code = order.cancelReasonCode;
  return code && order.cancelReason === CANCEL_REASON_LABELS[code] ? cancelReasonText(locale, code) : (order.cancelReason ?? '');
}

/** "We received your order": sent once per order (cash at once; card once paid, as its receipt). */
export function orderReceivedMessage(order: Order, restaurant: RestaurantContact, locale: Locale): MailMessage {
  const t = serverMessages(locale);
  return compose(
    t,
    order.customerEmail,
    t('mail.received.subject', { restaurant: restaurant.name, number: order.orderNumber }),
    [greetingOf(order, t), t('mail.received.intro', { number: order.orderNumber, at: formatBucharestDateTime(order.createdAt, locale) })],
    [
      { heading: t('mail.section.order'), lines: itemLines(order, locale, t) },
      { heading: t('mail.section.totals'), lines: totalLines(order, locale, t) },
      fulfilmentSection(order, locale, t),
      { heading: t('mail.section.payment'), lines: [paymentLine(order, t)] },
      ...notesSections(order, t),
    ],
    restaurant,
    orderUrlOf(order, restaurant),
  );
}

/** The receipt of a card payment: what was paid, for what, when. */
export function receiptMessage(order: Order, paidAt: string, restaurant: RestaurantContact, locale: Locale): MailMessage {
  const t = serverMessages(locale);
  const paid = formatLei(asBani(order.totalBani), locale);
  return compose(
    t,
    order.customerEmail,
    t('mail.receipt.subject', { restaurant: restaurant.name, number: order.orderNumber }),
    [
      greetingOf(order, t),
      t('mail.receipt.intro', { amount: paid, number: order.orderNumber, at: formatBucharestDateTime(paidAt, locale) }),
    ],
    [
      { heading: t('mail.section.order'), lines: itemLines(order, locale, t) },
      { heading: t('mail.section.totals'), lines: [...totalLines(order, locale, t), t('mail.line.paidByCard', { amount: paid })] },
      fulfilmentSection(order, locale, t),
      ...notesSections(order, t),
    ],
    restaurant,
    orderUrlOf(order, restaurant),
  );
}

/** A refund the payment provider confirmed (the whole order, or some lines). */
export function refundMessage(
  order: Order,
  refund: { amountBani: Bani; kind: 'full' | 'partial'; at: string },
  restaurant: RestaurantContact,
  locale: Locale,
): MailMessage {
  const t = serverMessages(locale);
  const lei = (bani: number) => formatLei(asBani(bani), locale);
  const amount = lei(refund.amountBani);
  return compose(
    t,
    order.customerEmail,
    t('mail.refund.subject', { restaurant: restaurant.name, amount, number: order.orderNumber }),
    [
      greetingOf(order, t),
      t('mail.refund.intro', { amount, number: order.orderNumber, at: formatBucharestDateTime(refund.at, locale) }),
      ...(order.cancelReason && refund.kind === 'full' ? [t('mail.refund.reason', { reason: cancelReasonOf(order, locale) })] : []),
    ],
    [
      {
        heading: t('mail.section.totals'),
        lines: [
          t('mail.line.paid', { amount: lei(order.totalBani) }),
          t('mail.line.refunded', { amount: lei(order.refundedBani) }),
          ...(refund.kind === 'partial'
            ? [t('mail.line.newTotal', { amount: lei(Math.max(0, order.totalBani - order.refundedBani)) })]
            : []),
        ],
      },
      { heading: t('mail.section.order'), lines: itemLines(order, locale, t) },
    ],
    restaurant,
    orderUrlOf(order, restaurant),
  );
}
