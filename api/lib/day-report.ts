/**
 * The manager's day figures assembled from the store's per-figure queries
 * (api/store/reports-queries.ts): the board header's live figures for today and the end-of-day
 * report, in the shared contract (src/shared/schemas/reports.ts), and the report as CSV. The rules
 * are docs/decisions/0099-day-figures-and-revenue.md and docs/decisions/0100-report-location-of-delivery-orders.md.
 */
import type { Kysely } from 'kysely';

import { localClockText, localParts, zonedWallTimeToDate } from '../../src/shared/domain/opening-hours';
import { cancelReasonText } from '../../src/shared/domain/cancel-reason';
import type { Locale } from '../../src/shared/i18n/locales';
import { cancelReasonCodeSchema } from '../../src/shared/schemas/order';
import type { DayReport, PrepFigures, TodayFigures } from '../../src/shared/schemas/reports';
import { serverMessages } from '../i18n/translate';
import type { DishRow, PrepRow, ReportScope } from '../store/reports-queries';
import {
  cancellationReasonFigures,
  cancelledOrders,
  dishFigures,
  ordersPerHour,
  paymentMethodFigures,
  preparedOrders,
  refundsOf,
} from '../store/reports-queries';
import type { Database } from '../store/schema';

const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 60 * MS_PER_MINUTE;
const MS_PER_DAY = 24 * MS_PER_HOUR;
const METHODS = ['card', 'cash'] as const;

/** [from, to) of the Bucharest calendar day `date` (YYYY-MM-DD) as ISO instants (23 or 25 hours on a DST day). */
export function bucharestDateBounds(date: string): { from: string; to: string } {
  const start = zonedWallTimeToDate(date, '00:00');
  // Noon of the day plus 24 h is inside the next local day whatever DST does.
  const nextDate = localParts(new Date(zonedWallTimeToDate(date, '12:00').getTime() + MS_PER_DAY)).date;
  return { from: start.toISOString(), to: zonedWallTimeToDate(nextDate, '00:00').toISOString() };
}

/** The instants each local hour of the window starts (Bucharest's offsets are whole hours). */
export function hourStartsOf(bounds: { from: string; to: string }): string[] {
  const starts: string[] = [];
  for (let at = Date.parse(bounds.from); at < Date.parse(bounds.to); at += MS_PER_HOUR) starts.push(new Date(at).toISOString());
  return starts;
}

/** One decimal: a minute's tenth is as fine as a kitchen reads it. */
function roundMinutes(minutes: number): number {
  return Math.round(minutes * 10) / 10;
}

/** Actual preparation (accepted to ready) against the promise, averaged over the timed orders. */
export function prepFigures(rows: readonly PrepRow[]): PrepFigures {
  if (rows.length === 0) return { timedOrders: 0, averageActualMinutes: null, averagePromisedMinutes: null, lateOrders: 0 };
  let actual = 0;
  let promised = 0;
  let late = 0;
  for (const row of rows) {
    const minutes = Math.max(0, (Date.parse(row.readyAt) - Date.parse(row.acceptedAt)) / MS_PER_MINUTE);
    actual += minutes;
    promised += row.prepMinutes;
    if (minutes > row.prepMinutes) late += 1;
  }
  return {
    timedOrders: rows.length,
    averageActualMinutes: roundMinutes(actual / rows.length),
    averagePromisedMinutes: roundMinutes(promised / rows.length),
    lateOrders: late,
  };
}

function methodFigures(rows: Awaited<ReturnType<typeof paymentMethodFigures>>) {
  return METHODS.map((method) => {
    const row = rows.find((r) => r.method === method);
    const grossBani = row?.grossBani ?? 0;
    const refundedBani = Math.min(grossBani, row?.refundedBani ?? 0);
    return {
      method,
      orders: row?.orders ?? 0,
      cancelled: row?.cancelled ?? 0,
      grossBani,
      refundedBani,
      revenueBani: grossBani - refundedBani,
    };
  });
}

/** The board header's figures for the local day containing `now`, every location or one kitchen's (its id as text). */
export async function todayFigures(db: Kysely<Database>, now: Date, location = 'all'): Promise<TodayFigures> {
  const date = localParts(now).date;
  const scope: ReportScope = { ...bucharestDateBounds(date), location };
  const [methods, prepared] = await Promise.all([paymentMethodFigures(db, scope), preparedOrders(db, scope)]);
  const byMethod = methodFigures(methods);
  return {
    date,
    orders: byMethod.reduce((sum, m) => sum + m.orders, 0),
    cancelled: byMethod.reduce((sum, m) => sum + m.cancelled, 0),
    cardRevenueBani: byMethod.find((m) => m.method === 'card')!.revenueBani,
    cashRevenueBani: byMethod.find((m) => m.method === 'cash')!.revenueBani,
    prep: prepFigures(prepared),
  };
}

/**
 * What was sold per category: the dish figures summed per category, in category order, a line whose
 * dish is no longer on the menu (no category) last. One read of the day's lines serves both figures
 * (docs/decisions/0126-day-figures-from-covering-indexes.md).
 */
export function categoryFiguresOf(dishes: readonly DishRow[]) {
  const byCategory = new Map<
    number | null,
    { categoryId: number | null; category: string | null; quantity: number; revenueBani: number }
  >();
  for (const dish of dishes) {
    const row = byCategory.get(dish.categoryId);
    if (row) {
      row.quantity += dish.quantity;
      row.revenueBani += dish.revenueBani;
    } else {
      byCategory.set(dish.categoryId, {
        categoryId: dish.categoryId,
        category: dish.category,
        quantity: dish.quantity,
        revenueBani: dish.revenueBani,
      });
    }
  }
  return [...byCategory.values()].sort((a, b) => (a.categoryId ?? Number.MAX_SAFE_INTEGER) - (b.categoryId ?? Number.MAX_SAFE_INTEGER));
}

/**
 * The end-of-day report of `date` at `location` (already checked to exist, with its name; null for
 * every location and for delivery orders, which the reader words).
 */
export async function dayReport(
  db: Kysely<Database>,
  request: { date: string; location: { id: string; name: string | null }; now: Date },
): Promise<DayReport> {
  const bounds = bucharestDateBounds(request.date);
  const scope: ReportScope = { ...bounds, location: request.location.id };
  const hourStarts = hourStartsOf(bounds);
  const [methods, dishes, reasons, cancelled, refunds, hours, prepared] = await Promise.all([
    paymentMethodFigures(db, scope),
    dishFigures(db, scope),
    cancellationReasonFigures(db, scope),
    cancelledOrders(db, scope),
    refundsOf(db, scope),
    ordersPerHour(db, scope, hourStarts),
    preparedOrders(db, scope),
  ]);
  const byPaymentMethod = methodFigures(methods);
  const sumOf = (key: 'orders' | 'cancelled' | 'grossBani' | 'refundedBani' | 'revenueBani') =>
    byPaymentMethod.reduce((sum, m) => sum + m[key], 0);
  const refundTotal = (status: string) => refunds.filter((r) => r.status === status).reduce((sum, r) => sum + r.amount_bani, 0);
  return {
    date: request.date,
    location: { id: request.location.id, name: request.location.name },
    timeZone: 'Europe/Bucharest',
    from: bounds.from,
    to: bounds.to,
    generatedAt: request.now.toISOString(),
    summary: {
      orders: sumOf('orders'),
      cancelled: sumOf('cancelled'),
      grossBani: sumOf('grossBani'),
      refundedBani: sumOf('refundedBani'),
      revenueBani: sumOf('revenueBani'),
    },
    byPaymentMethod,
    byCategory: categoryFiguresOf(dishes).map((row) => ({
      categoryId: row.categoryId,
      category: row.category,
      quantity: row.quantity,
      revenueBani: row.revenueBani,
    })),
    byDish: dishes.map((row) => ({
      menuItemId: row.menuItemId,
      dish: row.dish,
      category: row.category,
      quantity: row.quantity,
      revenueBani: row.revenueBani,
    })),
    cancellations: {
      byReason: reasons.map((row) => ({
        reasonCode: row.reasonCode,
        orders: row.orders,
        totalBani: row.totalBani,
      })),
      orders: cancelled.map((row) => ({
        orderNumber: row.order_number,
        createdAt: row.created_at,
        paymentMethod: row.payment_method === 'card' ? 'card' : 'cash',
        totalBani: row.total_bani,
        reasonCode: row.cancel_reason_code,
        reason: row.cancel_reason,
        cancelledBy: row.cancelled_by,
      })),
    },
    refunds: {
      succeededBani: refundTotal('succeeded'),
      pendingBani: refundTotal('pending'),
      failedBani: refundTotal('failed'),
      list: refunds.map((row) => ({
        orderNumber: row.order_number,
        kind: row.kind,
        status: row.status,
        amountBani: row.amount_bani,
        createdAt: row.created_at,
      })),
    },
    ordersPerHour: hourStarts.map((from, bucket) => {
      const row = hours.find((h) => h.bucket === bucket);
      return { hour: localClockText(new Date(from)), from, orders: row?.orders ?? 0, grossBani: row?.grossBani ?? 0 };
    }),
    prep: prepFigures(prepared),
  };
}

/** Lei with two decimals and a dot: what a spreadsheet in any locale parses as a number. */
function lei(bani: number): string {
  return (bani / 100).toFixed(2);
}

/**
 * One CSV field: quoted when it holds a separator, quote or line break; text a spreadsheet would
 * run as a formula (a dish named "=..." or "+...") is prefixed with an apostrophe.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The date as the language writes it: "2026-11-22" in English, "22.11.2026" in Romanian. */
function reportDateText(date: string, locale: Locale): string {
  if (locale === 'en') return date;
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
}

/**
 * The report as one CSV table (a row per figure line, the section in the first column), so it opens
 * as a single sheet, in `locale` (the requester's): its headers, sections, names and dates; times in
 * Bucharest time (24 h in both), amounts and minutes with a dot, numbers in any spreadsheet. A UTF-8 byte
 * order mark first, so a spreadsheet reads the diacritics of dish names.
 */
export function dayReportCsv(report: DayReport, locale: Locale): string {
  const t = serverMessages(locale);
  const rows: (string | number | null)[][] = [
    [
      t('report.csv.header.section'),
      t('report.csv.header.item'),
      t('report.csv.header.detail'),
      t('report.csv.header.orders'),
      t('report.csv.header.quantity'),
      t('report.csv.header.amount'),
    ],
  ];
  const add = (section: string, item: string, detail: string | null, orders: number | null, quantity: number | null, bani: number | null) =>
    rows.push([section, item, detail, orders, quantity, bani === null ? null : lei(bani)]);
  const reasonLabel = (code: string | null) => {
    const parsed = cancelReasonCodeSchema.safeParse(code);
    return parsed.success ? t(`cancelReason.${parsed.data}`) : t('report.noReason');
  };
  /** A cancelled order's reason: its preset in `locale`, the manager's note as written. */
  const cancelledText = (code: string | null, stored: string | null) =>
    stored === null ? reasonLabel(code) : cancelReasonText(code, stored, (preset) => t(`cancelReason.${preset}`));
  const where = report.location.name ?? (report.location.id === 'delivery' ? t('report.deliveryOrders') : t('report.allLocations'));
  const noCategory = t('report.noCategory');
  const summary = t('report.csv.section.summary');
  add(t('report.csv.section.report'), reportDateText(report.date, locale), t('report.csv.where', { location: where }), null, null, null);
  add(summary, t('report.csv.orders'), null, report.summary.orders, null, null);
  add(summary, t('report.csv.cancelled'), null, report.summary.cancelled, null, null);
  add(summary, t('report.csv.gross'), null, null, null, report.summary.grossBani);
  add(summary, t('report.csv.refunded'), null, null, null, report.summary.refundedBani);
  add(summary, t('report.csv.revenue'), null, null, null, report.summary.revenueBani);
  for (const m of report.byPaymentMethod) {
    const name = m.method === 'card' ? t('report.csv.card') : t('report.csv.cash');
    add(t('report.csv.section.paymentMethod'), name, t('report.csv.revenue'), m.orders, null, m.revenueBani);
    add(t('report.csv.section.paymentMethod'), name, t('report.csv.cancelled'), m.cancelled, null, null);
  }
  for (const c of report.byCategory) add(t('report.csv.section.category'), c.category ?? noCategory, null, null, c.quantity, c.revenueBani);
  for (const d of report.byDish) add(t('report.csv.section.dish'), d.dish, d.category ?? noCategory, null, d.quantity, d.revenueBani);
  for (const r of report.cancellations.byReason)
    add(t('report.csv.section.cancellations'), reasonLabel(r.reasonCode), null, r.orders, null, r.totalBani);
  for (const o of report.cancellations.orders) {
    add(
      t('report.csv.section.cancelledOrder'),
      o.orderNumber,
      `${localClockText(new Date(o.createdAt))} ${cancelledText(o.reasonCode, o.reason)}`,
      1,
      null,
      o.totalBani,
    );
  }
  for (const r of report.refunds.list) {
    const detail = t('report.csv.refundEntry', { kind: r.kind, status: r.status, time: localClockText(new Date(r.createdAt)) });
    add(t('report.csv.section.refund'), r.orderNumber, detail, null, null, r.amountBani);
  }
  for (const h of report.ordersPerHour) add(t('report.csv.section.ordersPerHour'), h.hour, null, h.orders, null, h.grossBani);
  const prep = report.prep;
  const preparation = t('report.csv.section.preparation');
  add(preparation, t('report.csv.timedOrders'), null, prep.timedOrders, null, null);
  // Minutes as numbers, like the amounts: what a spreadsheet in any locale reads.
  const minutes = (value: number | null) => (value === null ? null : String(value));
  add(preparation, t('report.csv.averageActual'), minutes(prep.averageActualMinutes), null, null, null);
  add(preparation, t('report.csv.averagePromised'), minutes(prep.averagePromisedMinutes), null, null, null);
  add(preparation, t('report.csv.late'), null, prep.lateOrders, null, null);
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
