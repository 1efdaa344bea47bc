/**
 * The manager's day figures (issue 19, "The day"): the board header's live figures for today and the
 * end-of-day report for a chosen date and location. Every figure is computed on the server from the
 * store (api/store/reports-queries.ts); the rules (which orders count, what revenue is, how the
 * preparation time is measured) are docs/decisions/0099-day-figures-and-revenue.md, the location
 * filter docs/decisions/0100-report-location-of-delivery-orders.md. Money is integer bani.
 */
import { z } from 'zod/mini';

import { baniSchema, isoDateTimeSchema } from './common';

/** A calendar date (Europe/Bucharest) as YYYY-MM-DD, a real day of the calendar. */
export const reportDateSchema = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD'),
  z.refine((text) => {
    const [year, month, day] = text.split('-').map(Number) as [number, number, number];
    const at = new Date(Date.UTC(year, month - 1, day));
    return year >= 2000 && year <= 2100 && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
  }, 'date is not a calendar day'),
);

/**
 * 'all' (every order), 'delivery' (delivery orders: they carry no kitchen location, decision 0100)
 * or a pickup location's id.
 */
export const reportLocationSchema = z
  .string()
  .check(z.regex(/^(all|delivery|[1-9][0-9]{0,8})$/, "location must be 'all', 'delivery' or an id"));
export type ReportLocation = z.infer<typeof reportLocationSchema>;

/** GET /api/admin/reports/day */
export const dayReportQuerySchema = z.object({
  date: reportDateSchema,
  location: z._default(reportLocationSchema, 'all'),
  format: z._default(z.enum(['json', 'csv']), 'json'),
});
export type DayReportQuery = z.infer<typeof dayReportQuerySchema>;

const countSchema = z.number().check(z.int(), z.nonnegative());

/** Preparation against the promise: acceptance to the order being ready / out for delivery. */
export const prepFiguresSchema = z.object({
  /** Orders accepted and ready in the window (the ones the averages are over). */
  timedOrders: countSchema,
  averageActualMinutes: z.nullable(z.number().check(z.nonnegative())),
  averagePromisedMinutes: z.nullable(z.number().check(z.nonnegative())),
  /** Timed orders that were ready later than promised. */
  lateOrders: countSchema,
});
export type PrepFigures = z.infer<typeof prepFiguresSchema>;

export const paymentMethodFigureSchema = z.object({
  method: z.enum(['card', 'cash']),
  /** Orders that reached the restaurant (cash, or card once paid), cancelled ones included. */
  orders: countSchema,
  cancelled: countSchema,
  /** Totals of the orders that were not cancelled. */
  grossBani: baniSchema,
  /** Refunds confirmed by the provider on those orders (partial refunds of lines). */
  refundedBani: baniSchema,
  /** grossBani - refundedBani: what the restaurant keeps. */
  revenueBani: baniSchema,
});
export type PaymentMethodFigure = z.infer<typeof paymentMethodFigureSchema>;

/** GET /api/admin/reports/today: the board header. */
export const todayFiguresSchema = z.object({
  date: reportDateSchema,
  orders: countSchema,
  cancelled: countSchema,
  cardRevenueBani: baniSchema,
  cashRevenueBani: baniSchema,
  prep: prepFiguresSchema,
});
export type TodayFigures = z.infer<typeof todayFiguresSchema>;

export const categoryFigureSchema = z.object({
  categoryId: z.nullable(z.number().check(z.int())),
  /** Null: dishes no longer on the menu (the reader words "No category"). */
  category: z.nullable(z.string()),
  quantity: countSchema,
  revenueBani: baniSchema,
});

export const dishFigureSchema = z.object({
  menuItemId: z.number().check(z.int()),
  dish: z.string(),
  category: z.nullable(z.string()),
  quantity: countSchema,
  revenueBani: baniSchema,
});

export const cancellationReasonFigureSchema = z.object({
  /** The reason preset ('sold_out', ...), or null for orders cancelled before presets existed. */
  reasonCode: z.nullable(z.string()),
  orders: countSchema,
  totalBani: baniSchema,
});

export const cancelledOrderSchema = z.object({
  orderNumber: z.string(),
  createdAt: isoDateTimeSchema,
  paymentMethod: z.enum(['card', 'cash']),
  totalBani: baniSchema,
  reasonCode: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  cancelledBy: z.nullable(z.string()),
});

export const refundFigureSchema = z.object({
  orderNumber: z.string(),
  kind: z.string(),
  status: z.string(),
  amountBani: baniSchema,
  createdAt: isoDateTimeSchema,
});

export const hourFigureSchema = z.object({
  /** The local (Bucharest) clock time the hour starts, "HH:00". */
  hour: z.string(),
  from: isoDateTimeSchema,
  orders: countSchema,
  /** Totals of the hour's orders that were not cancelled. */
  grossBani: baniSchema,
});

export const dayReportSchema = z.object({
  date: reportDateSchema,
  /** `name`: the kitchen's; null for every location and for delivery orders (the reader words them by id). */
  location: z.object({ id: reportLocationSchema, name: z.nullable(z.string()) }),
  timeZone: z.literal('Europe/Bucharest'),
  /** The local day as instants: [from, to). */
  from: isoDateTimeSchema,
  to: isoDateTimeSchema,
  generatedAt: isoDateTimeSchema,
  summary: z.object({
    orders: countSchema,
    cancelled: countSchema,
    grossBani: baniSchema,
    refundedBani: baniSchema,
    revenueBani: baniSchema,
  }),
  byPaymentMethod: z.array(paymentMethodFigureSchema),
  byCategory: z.array(categoryFigureSchema),
  byDish: z.array(dishFigureSchema),
  cancellations: z.object({ byReason: z.array(cancellationReasonFigureSchema), orders: z.array(cancelledOrderSchema) }),
  refunds: z.object({
    succeededBani: baniSchema,
    pendingBani: baniSchema,
    failedBani: baniSchema,
    list: z.array(refundFigureSchema),
  }),
  ordersPerHour: z.array(hourFigureSchema),
  prep: prepFiguresSchema,
});
export type DayReport = z.infer<typeof dayReportSchema>;
