/**
 * 'Reorder' (spec §2 Order history): turn a past order's lines into cart additions at TODAY's
 * prices from the current catalogue. A line whose item or any chosen option is gone or sold out,
 * or whose options no longer satisfy the group rules, is skipped and named so the customer knows.
 * Pure: the caller fetches today's menu and writes the cart.
 */
import type { CartAddition } from '../../../shared/domain/cart';
import { clampQuantity } from '../../../shared/domain/cart';
import { selectionProblems } from '../../../shared/domain/modifier-rules';
import { formatWeight, LEGACY_WEIGHT_GRAMS, weighingOf, weightProblem } from '../../../shared/domain/weight-pricing';
import type { Menu } from '../../../shared/schemas/menu';
import type { OrderItem } from '../../../shared/schemas/order';

export interface ReorderPlan {
  additions: CartAddition[];
  /** Names of the lines left out (item name, with the missing option in brackets when that is why). */
  skipped: string[];
}

export function planReorder(items: readonly OrderItem[], menu: Pick<Menu, 'items'>): ReorderPlan {
  const byId = new Map(menu.items.map((item) => [item.id, item]));
  const additions: CartAddition[] = [];
  const skipped: string[] = [];
  for (const line of items) {
    const item = byId.get(line.menuItemId);
    if (!item || item.soldOut) {
      skipped.push(line.itemName);
      continue;
    }
    const selectedModifiers: CartAddition['selectedModifiers'] = [];
    const selection = new Map<number, number[]>();
    let missingOption: string | null = null;
    for (const chosen of line.selectedModifiers) {
      const group = item.modifierGroups.find((g) => g.options.some((o) => o.id === chosen.modifierId));
      const option = group?.options.find((o) => o.id === chosen.modifierId);
      if (!group || !option || option.soldOut) {
        missingOption = chosen.name;
        break;
      }
      selection.set(group.id, [...(selection.get(group.id) ?? []), option.id]);
      selectedModifiers.push({
        modifierId: option.id,
        modifierGroupId: group.id,
        name: option.name,
        sku: option.sku,
        priceBani: option.priceBani,
      });
    }
    if (missingOption !== null) {
      skipped.push(`${line.itemName} (${missingOption})`);
      continue;
    }
    if (selectionProblems(item.modifierGroups, selection).length > 0) {
      skipped.push(line.itemName);
      continue;
    }
    const quantity = clampQuantity(line.quantity);
    if (quantity < 1) continue;
    // Per-kg dishes (issue 27) come back in the same portion while the restaurant still sells it.
    const weighing = weighingOf(item);
    const weightGrams = weighing ? (line.weightGrams ?? LEGACY_WEIGHT_GRAMS) : null;
    if (weighing && weightGrams !== null && weightProblem(weighing, weightGrams) !== null) {
      skipped.push(`${line.itemName} (${formatWeight(weightGrams)})`);
      continue;
    }
    additions.push({
      ...(weightGrams !== null ? { weightGrams } : {}),
      menuItemId: item.id,
      name: item.name,
      sku: item.sku,
      unitPriceBani: item.priceBani,
      quantity,
      selectedModifiers,
      specialInstructions: line.specialInstructions ?? '',
      imageUrl: item.image,
    });
  }
  return { additions, skipped };
}
