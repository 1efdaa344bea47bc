/**
 * An order's dishes and options as its e-mails name them, in the customer's language
 * (docs/decisions/0172-order-lines-in-the-screens-language.md): the menu's English where one was
 * written, read from the store by the lines' ids, else the Romanian the line was ordered by, as the
 * order's screens name them. Only the mail's copy of the order changes: the stored lines, the board
 * and the ticket keep the Romanian (0169).
 */
import type { Kysely } from 'kysely';

import { menuName } from '../../src/shared/domain/menu-text';
import type { Locale } from '../../src/shared/i18n/locales';
import type { Order } from '../../src/shared/schemas/order';
import type { Database } from '../store/schema';

type EnglishNames = Map<number, string | null>;

async function englishNames(db: Kysely<Database>, table: 'menu_items' | 'modifier_options', ids: number[]): Promise<EnglishNames> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom(table).select(['id', 'name_en']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name_en]));
}

function named(name: string, english: string | null | undefined, locale: Locale): string {
  return menuName({ name, nameEn: english ?? undefined }, locale);
}

export async function orderNamedIn(db: Kysely<Database>, order: Order, locale: Locale): Promise<Order> {
  // The lines hold the Romanian: nothing to read for a Romanian mail.
  if (locale === 'ro') return order;
  const [dishes, options] = await Promise.all([
    englishNames(db, 'menu_items', [...new Set(order.orderItems.map((item) => item.menuItemId))]),
    englishNames(db, 'modifier_options', [
      ...new Set(order.orderItems.flatMap((item) => item.selectedModifiers.map((option) => option.modifierId))),
    ]),
  ]);
  return {
    ...order,
    orderItems: order.orderItems.map((item) => ({
      ...item,
      itemName: named(item.itemName, dishes.get(item.menuItemId), locale),
      selectedModifiers: item.selectedModifiers.map((option) => ({
        ...option,
        name: named(option.name, options.get(option.modifierId), locale),
      })),
    })),
  };
}
