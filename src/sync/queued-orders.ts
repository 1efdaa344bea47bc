/**
 * Cash orders placed without a connection (issue 6): they live in the outbox as 'order.create'
 * entries with a preview of their lines and total, shown as "Queued — not placed yet" until the
 * server accepts them. This module owns turning a refusal the customer can settle (prices, availability, hours, zone) into the
 * differences to show and the body to send again when the customer re-confirms.
 * Pure functions; no React here (see use-queued-orders.ts). The acknowledgement half lives in
 * order-acknowledgement.ts so the service worker can use it without zod.
 */
import type { OutboxRow, QueuedOrderPreview } from '../db/app-db';
import type { ErrorWords } from '../lib/error-handler';
import { describeRefusal } from '../lib/error-handler';
import type { MessageId } from '../locales/message-id';
import { bucharestFormat } from '../shared/bucharest-date-time';
import { localClockText, localParts } from '../shared/domain/opening-hours';
import type { Locale } from '../shared/i18n/locales';
import { asBani, formatLei } from '../shared/money';
import type { Slot } from '../shared/schemas/scheduling';
import { slotRefusalDetailsSchema } from '../shared/schemas/scheduling';
import type { CreateOrderInput, PriceChange } from '../shared/schemas/order';
import { priceChangeSchema } from '../shared/schemas/order';

export { ORDER_CREATE_KIND, originOf, placedOrderNumber } from './order-acknowledgement';

/** One thing that differs between what the customer confirmed and what the server found. */
export interface ReviewDifference {
  text: string;
}

interface UnavailableItem {
  menuItemId: number;
  name: string | null;
}

function unavailableItems(details: unknown): UnavailableItem[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((d: unknown) => {
    const item = d as { menuItemId?: unknown; name?: unknown };
    return typeof item.menuItemId === 'number'
      ? [{ menuItemId: item.menuItemId, name: typeof item.name === 'string' ? item.name : null }]
      : [];
  });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Romanian's "lun., 23 nov., 13:15" (Intl; English keeps its arithmetic text below). */
const slotFormat = bucharestFormat({ weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** "Mon 23 Nov, 13:15" on the Bucharest wall clock (arithmetic, no Intl formatter), in Romanian by Intl. */
function slotText(iso: string, locale: Locale): string {
  const at = new Date(iso);
  if (locale !== 'en') return slotFormat(locale).format(at);
  const { date, weekday } = localParts(at);
  const [, month, day] = date.split('-').map(Number);
  return `${weekday.charAt(0).toUpperCase()}${weekday.slice(1)} ${day} ${MONTHS[(month ?? 1) - 1]}, ${localClockText(at)}`;
}

/**
 * Issue 22: a queued order for later whose slot was gone when it was finally sent (409 slot_full /
 * 422 slot_unavailable): the next free slots the server offered, or null when it is not that refusal.
 */
function slotRefusalNextSlots(entry: OutboxRow): Slot[] | null {
  // Literals, not the contract's SLOT_*_CODE constants: importing those keeps them in the schemas'
  // chunk every page loads first (the P1 budget), as outbox.ts's ORDER_REVIEW_CODES does.
  if (entry.lastErrorCode !== 'slot_full' && entry.lastErrorCode !== 'slot_unavailable') return null;
  const details = slotRefusalDetailsSchema.safeParse(entry.lastErrorDetails);
  return details.success ? details.data.nextSlots : [];
}

/**
 * What to show on a needs-review entry, in the screen's language: per-line price moves, items that
 * went, or the server's reason (worded by its code, describeRefusal).
 */
export function reviewDifferences(entry: OutboxRow, words: ErrorWords): ReviewDifference[] {
  const { t, locale } = words;
  const lei = (bani: number) => formatLei(asBani(bani), locale);
  const reason = (otherwise: MessageId) => describeRefusal(entry, words) ?? t(otherwise);
  if (entry.lastErrorCode === 'price_changed') {
    const parsed = priceChangeSchema.safeParse(entry.lastErrorDetails);
    if (!parsed.success) return [{ text: reason('common.queuedOrder.review.pricesChanged') }];
    const lines = parsed.data.changes.map((change) => ({
      text:
        change.kind === 'unavailable'
          ? t('common.queuedOrder.review.unavailable', { name: change.name })
          : t('common.queuedOrder.review.price', {
              name: change.name,
              before: lei(change.beforeBani ?? 0),
              after: lei(change.afterBani ?? 0),
            }),
    }));
    return [
      ...lines,
      { text: t('common.queuedOrder.review.total', { before: lei(parsed.data.expectedTotalBani), after: lei(parsed.data.totalBani) }) },
    ];
  }
  const nextSlots = slotRefusalNextSlots(entry);
  if (nextSlots) {
    // Never placed at another time by itself: the review names the gone slot and what Confirm does.
    const body = entry.request.body as CreateOrderInput | undefined;
    const chosen = body?.when?.type === 'slot' ? body.when.slotStart : null;
    return [
      {
        text: chosen
          ? t('common.queuedOrder.review.slotGone', { time: slotText(chosen, locale) })
          : reason('common.queuedOrder.review.slotGoneUnnamed'),
      },
      {
        text: nextSlots[0]
          ? t('common.queuedOrder.review.nextSlot', { time: slotText(nextSlots[0].start, locale) })
          : t('common.queuedOrder.review.noSlot'),
      },
    ];
  }
  if (entry.lastErrorCode === 'item_unavailable') {
    const names = unavailableItems(entry.lastErrorDetails).map((item) => {
      const line = entry.preview?.lines.find((l) => l.menuItemId === item.menuItemId);
      return line?.name ?? item.name ?? t('common.queuedOrder.review.item', { id: item.menuItemId });
    });
    return [...new Set(names)].map((name) => ({ text: t('common.queuedOrder.review.unavailable', { name }) }));
  }
  return [{ text: reason('common.queuedOrder.review.refused') }];
}

function recomputePreview(preview: QueuedOrderPreview, lines: QueuedOrderPreview['lines']): QueuedOrderPreview {
  const subtotalBani = lines.reduce((sum, line) => sum + line.lineTotalBani, 0);
  return { ...preview, lines, subtotalBani, totalBani: subtotalBani + preview.deliveryFeeBani };
}

/**
 * The body (and preview) to send when the customer re-confirms a needs-review order, or null when
 * nothing is left to order. Prices moved: today's prices and total. Items went: the order without
 * them (if the total then differs the server asks again). A slot gone (issue 22): the next free slot
 * the server offered, as the review says. Hours, zone, minimum: the same order,
 * tried again under a new key.
 */
export function reconfirmation(entry: OutboxRow): { body: CreateOrderInput; preview: QueuedOrderPreview | undefined } | null {
  const body = entry.request.body as CreateOrderInput | undefined;
  if (!body) return null;
  const preview = entry.preview;
  if (entry.lastErrorCode === 'price_changed') {
    const parsed = priceChangeSchema.safeParse(entry.lastErrorDetails);
    if (!parsed.success) return null;
    const changes: PriceChange['changes'] = parsed.data.changes;
    const moved = (menuItemId: number, seen: number | undefined) =>
      changes.find((c) => c.kind === 'price' && c.menuItemId === menuItemId && c.beforeBani === seen && c.afterBani !== null);
    const items = body.items.map((line) => {
      const change = moved(line.menuItemId, line.expectedUnitPriceBani);
      return change ? { ...line, expectedUnitPriceBani: change.afterBani! } : line;
    });
    const nextPreview = preview
      ? {
          ...recomputePreview(
            preview,
            preview.lines.map((line) => {
              const change = moved(line.menuItemId, line.unitPriceBani);
              return change ? { ...line, unitPriceBani: change.afterBani!, lineTotalBani: change.afterBani! * line.quantity } : line;
            }),
          ),
          totalBani: parsed.data.totalBani,
        }
      : undefined;
    return { body: { ...body, items, expectedTotalBani: parsed.data.totalBani }, preview: nextPreview };
  }
  const nextSlots = slotRefusalNextSlots(entry);
  if (nextSlots) {
    // The slot the review named ("Confirm to order it for ... instead"); none free: nothing to confirm.
    return nextSlots[0] ? { body: { ...body, when: { type: 'slot', slotStart: nextSlots[0].start } }, preview } : null;
  }
  if (entry.lastErrorCode === 'item_unavailable') {
    const gone = new Set(unavailableItems(entry.lastErrorDetails).map((item) => item.menuItemId));
    const items = body.items.filter((line) => !gone.has(line.menuItemId));
    if (items.length === 0) return null;
    const nextPreview = preview
      ? recomputePreview(
          preview,
          preview.lines.filter((line) => !gone.has(line.menuItemId)),
        )
      : undefined;
    return {
      body: { ...body, items, ...(nextPreview ? { expectedTotalBani: nextPreview.totalBani } : {}) },
      preview: nextPreview,
    };
  }
  return { body, preview };
}
