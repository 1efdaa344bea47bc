/**
 * What a refreshed menu changed in the cart (issue 6): the cart drawer's "prices changed" notice.
 * Only the drawer uses it, so it loads with the drawer rather than with the menu snapshot's code
 * in the first-load JavaScript.
 */
import type { Menu } from '../../shared/schemas/menu';

/** Lines of the cart whose price changed or that disappeared in a refreshed menu (issue 6). */
export interface CartPriceChange {
  menuItemId: number;
  name: string;
  kind: 'price' | 'unavailable';
  beforeBani: number;
  afterBani: number | null;
}

export function cartChangesAgainstMenu(
  lines: readonly { menuItemId: number; name: string; unitPriceBani: number }[],
  menu: Menu,
): CartPriceChange[] {
  const items = new Map(menu.items.map((item) => [item.id, item]));
  const changes: CartPriceChange[] = [];
  for (const line of lines) {
    const item = items.get(line.menuItemId);
    if (!item || item.soldOut)
      changes.push({ menuItemId: line.menuItemId, name: line.name, kind: 'unavailable', beforeBani: line.unitPriceBani, afterBani: null });
    else if (item.priceBani !== line.unitPriceBani)
      changes.push({
        menuItemId: line.menuItemId,
        name: line.name,
        kind: 'price',
        beforeBani: line.unitPriceBani,
        afterBani: item.priceBani,
      });
  }
  return changes;
}
