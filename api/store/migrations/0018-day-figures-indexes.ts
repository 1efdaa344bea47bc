/**
 * The day report and the board header (api/store/reports-queries.ts) read a day's orders eight times
 * over (one query per figure) and the sold lines of those orders twice. With only orders_created and
 * order_items_order each read visited every one of the day's order rows and line rows in the tables:
 * a page each, since a day's orders are spread through the table by the time they change, so at a
 * million orders a year (2,740 a day) a report cost ~230 ms on SQLite (bench row G1, bench/HISTORY.md).
 * These two indexes hold every column those figures read, so each figure reads the day's entries from
 * the index alone (docs/decisions/0126-day-figures-from-covering-indexes.md).
 * Forward-only: never edit a shipped migration.
 */
import type { Kysely } from 'kysely';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** What the figures' scope (created in the day, at a location, reached the kitchen) and sums read of an order. */
export const DAY_FIGURES_ORDER_COLUMNS = [
  'created_at',
  'id',
  'status',
  'payment_method',
  'payment_status',
  'fulfilment',
  'location_id',
  'total_bani',
  'accepted_at',
  'prep_minutes',
] as const;

/** What the category and dish figures read of a sold line, led by the order it belongs to. */
export const DAY_FIGURES_LINE_COLUMNS = ['order_id', 'menu_item_id', 'item_name', 'quantity', 'item_total_bani'] as const;

export function dayFiguresIndexesMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createIndex('orders_day_figures')
        .on('orders')
        .columns([...DAY_FIGURES_ORDER_COLUMNS])
        .execute();
      await db.schema
        .createIndex('order_items_sold')
        .on('order_items')
        .columns([...DAY_FIGURES_LINE_COLUMNS])
        .execute();
    },
  };
}
