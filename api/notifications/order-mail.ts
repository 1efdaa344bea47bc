/**
 * The order e-mails (issue 20), in plain text and simple HTML, each one function taking the language
 * (./language.ts): the order received (lines, options, totals, delivery or pickup, payment), the
 * receipt once paid, and the refund once confirmed. Every message carries the restaurant's name,
 * address and phone, and the link to the order's page. Times read in Bucharest.
 */
import { asBani, formatLei } from '../../src/shared/money';
import type { Bani } from '../../src/shared/money';
import { formatBucharestDateTime } from '../../src/shared/bucharest-date-time';
import { formatWeight } from '../../src/shared/domain/weight-pricing';
import type { Order } from '../../src/shared/schemas/order';
import type { MailMessage } from '../integrations/mail/port';
import type { NotificationLanguage } from './language';

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

/** "22 Nov 2026, 14:05" in Bucharest. */
interface Section {
  heading: string;
  lines: string[];
}

/** One message from its parts: the text and the HTML say the same things in the same order. */
function compose(
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
    `Your order: ${orderUrl}`,
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
    `<p><a href="${escapeHtml(orderUrl)}">See your order</a></p>`,
    `<hr><p style="color:#555">${footer.map(escapeHtml).join('<br>')}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

function orderUrlOf(order: Order, restaurant: RestaurantContact): string {
  return `${restaurant.origin}/order-details/${encodeURIComponent(order.orderNumber)}`;
}

function firstNameOf(order: Order): string {
  return order.customerName.trim().split(/\s+/)[0] ?? '';
}

function itemLines(order: Order, lang: NotificationLanguage): string[] {
  switch (lang) {
    case 'en':
      return order.orderItems.flatMap((item) => {
        const weight = item.weightGrams ? ` (${formatWeight(item.weightGrams)})` : '';
        const lines = [`${item.quantity} × ${item.itemName}${weight} — ${formatLei(asBani(item.itemTotalBani))}`];
        for (const option of item.selectedModifiers)
          lines.push(`    + ${option.name}${option.priceBani > 0 ? ` (${formatLei(asBani(option.priceBani))})` : ''}`);
        if (item.specialInstructions) lines.push(`    Note: ${item.specialInstructions}`);
        return lines;
      });
  }
}

function totalLines(order: Order, lang: NotificationLanguage): string[] {
  switch (lang) {
    case 'en':
      return [
        `Subtotal: ${formatLei(asBani(order.subtotalBani))}`,
        ...(order.fulfilment === 'delivery' ? [`Delivery: ${formatLei(asBani(order.deliveryFeeBani))}`] : []),
        ...(order.discountBani > 0 ? [`Discount: −${formatLei(asBani(order.discountBani))}`] : []),
        `Total: ${formatLei(asBani(order.totalBani))}`,
      ];
  }
}

function fulfilmentSection(order: Order, lang: NotificationLanguage): Section {
  switch (lang) {
    case 'en': {
      // Issue 22: an order for later names its slot first.
      const slot = order.scheduledFor ? [`Scheduled for ${formatBucharestDateTime(order.scheduledFor)}`] : [];
      if (order.fulfilment === 'pickup') {
        const place = order.pickupLocation;
        return {
          heading: 'Pickup',
          lines: [...slot, ...(place ? [place.name, place.address, ...(place.phone ? [place.phone] : [])] : ['At the restaurant'])],
        };
      }
      return {
        heading: 'Delivery',
        lines: [
          ...slot,
          order.deliveryAddress?.formatted ?? '',
          ...(order.deliveryAddress?.details ? [order.deliveryAddress.details] : []),
          ...(order.deliveryInstructions ? [`Instructions: ${order.deliveryInstructions}`] : []),
          `Phone: ${order.customerPhone}`,
        ].filter((line) => line !== ''),
      };
    }
  }
}

function paymentLine(order: Order, lang: NotificationLanguage): string {
  switch (lang) {
    case 'en':
      if (order.paymentMethod === 'cash')
        return order.fulfilment === 'delivery' ? 'Cash, paid to the driver on delivery' : 'Cash, paid at the counter';
      if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') return 'Card, paid';
      return 'Card, waiting for the payment';
  }
}

/** "We received your order": sent once per order (cash at once; card once paid, as its receipt). */
export function orderReceivedMessage(order: Order, restaurant: RestaurantContact, lang: NotificationLanguage): MailMessage {
  switch (lang) {
    case 'en':
      return compose(
        order.customerEmail,
        `${restaurant.name}: we received your order ${order.orderNumber}`,
        [
          firstNameOf(order) ? `Hello ${firstNameOf(order)},` : 'Hello,',
          `Thank you! We received your order ${order.orderNumber} on ${formatBucharestDateTime(order.createdAt)}. The restaurant confirms it shortly, with the time it will be ready; we will tell you when it is on its way.`,
        ],
        [
          { heading: 'Your order', lines: itemLines(order, lang) },
          { heading: 'Totals', lines: totalLines(order, lang) },
          fulfilmentSection(order, lang),
          { heading: 'Payment', lines: [paymentLine(order, lang)] },
          ...(order.customerNotes ? [{ heading: 'Your notes', lines: [order.customerNotes] }] : []),
        ],
        restaurant,
        orderUrlOf(order, restaurant),
      );
  }
}

/** The receipt of a card payment: what was paid, for what, when. */
export function receiptMessage(order: Order, paidAt: string, restaurant: RestaurantContact, lang: NotificationLanguage): MailMessage {
  switch (lang) {
    case 'en':
      return compose(
        order.customerEmail,
        `${restaurant.name}: receipt for order ${order.orderNumber}`,
        [
          firstNameOf(order) ? `Hello ${firstNameOf(order)},` : 'Hello,',
          `We received your card payment of ${formatLei(asBani(order.totalBani))} for order ${order.orderNumber} on ${formatBucharestDateTime(paidAt)}. The restaurant confirms the order shortly, with the time it will be ready.`,
        ],
        [
          { heading: 'Your order', lines: itemLines(order, lang) },
          { heading: 'Totals', lines: [...totalLines(order, lang), `Paid by card: ${formatLei(asBani(order.totalBani))}`] },
          fulfilmentSection(order, lang),
          ...(order.customerNotes ? [{ heading: 'Your notes', lines: [order.customerNotes] }] : []),
        ],
        restaurant,
        orderUrlOf(order, restaurant),
      );
  }
}

/** A refund the payment provider confirmed (the whole order, or some lines). */
export function refundMessage(
  order: Order,
  refund: { amountBani: Bani; kind: 'full' | 'partial'; at: string },
  restaurant: RestaurantContact,
  lang: NotificationLanguage,
): MailMessage {
  switch (lang) {
    case 'en': {
      const kept = asBani(Math.max(0, order.totalBani - order.refundedBani));
      return compose(
        order.customerEmail,
        `${restaurant.name}: refund of ${formatLei(refund.amountBani)} for order ${order.orderNumber}`,
        [
          firstNameOf(order) ? `Hello ${firstNameOf(order)},` : 'Hello,',
          `We refunded ${formatLei(refund.amountBani)} of order ${order.orderNumber} to your card on ${formatBucharestDateTime(refund.at)}. Banks usually show it within 5–10 working days.`,
          ...(order.cancelReason && refund.kind === 'full' ? [`Reason: ${order.cancelReason}`] : []),
        ],
        [
          {
            heading: 'Totals',
            lines: [
              `Paid: ${formatLei(asBani(order.totalBani))}`,
              `Refunded: ${formatLei(asBani(order.refundedBani))}`,
              ...(refund.kind === 'partial' ? [`New total: ${formatLei(kept)}`] : []),
            ],
          },
          { heading: 'Your order', lines: itemLines(order, lang) },
        ],
        restaurant,
        orderUrlOf(order, restaurant),
      );
    }
  }
}
