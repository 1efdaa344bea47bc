/**
 * The old site's cart: zustand `persist` in localStorage under 'cart-storage', shape
 * {state:{items:[…]}, version} with prices in lei (number or text). Parsed leniently: a line that
 * does not make sense is dropped, never the whole cart.
 */
import { z } from 'zod/mini';

import type { CartAddition } from '../../shared/domain/cart';
import { clampQuantity } from '../../shared/domain/cart';
import { leiToBani } from '../../shared/money';

export const LEGACY_CART_STORAGE_KEY = 'cart-storage';

const lei = z.pipe(
  z.union([z.number(), z.pipe(z.string().check(z.trim(), z.minLength(1)), z.transform(Number))]),
  z.number().check(z.nonnegative()),
);
const id = z.pipe(
  z.union([z.number(), z.pipe(z.string().check(z.trim(), z.minLength(1)), z.transform(Number))]),
  z.number().check(z.int(), z.positive()),
);

const legacyModifierSchema = z.object({
  modifierId: id,
  name: z.string(),
  sku: z.optional(z.string()),
  price: z.catch(lei, 0),
  modifierGroupId: z.catch(id, 0),
});

const legacyLineSchema = z.object({
  menuItemId: id,
  name: z.string().check(z.minLength(1)),
  sku: z.optional(z.string()),
  price: lei,
  quantity: z.number().check(z.int()),
  selectedModifiers: z.optional(z.array(z.unknown())),
  specialInstructions: z.nullish(z.string()),
  imageUrl: z.nullish(z.string()),
});

const legacyCartSchema = z.object({ state: z.object({ items: z.array(z.unknown()) }) });

/** The additions a stored legacy cart stands for; [] for a missing or unreadable value. */
export function parseLegacyCart(raw: string | null): CartAddition[] {
  if (!raw) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return [];
  }
  const cart = legacyCartSchema.safeParse(json);
  if (!cart.success) return [];
  const additions: CartAddition[] = [];
  for (const item of cart.data.state.items) {
    const line = legacyLineSchema.safeParse(item);
    if (!line.success || line.data.quantity <= 0) continue;
    const modifiers = (line.data.selectedModifiers ?? []).flatMap((m) => {
      const parsed = legacyModifierSchema.safeParse(m);
      return parsed.success
        ? [
            {
              modifierId: parsed.data.modifierId,
              modifierGroupId: parsed.data.modifierGroupId,
              name: parsed.data.name,
              sku: parsed.data.sku ?? `MOD-${parsed.data.modifierId}`,
              priceBani: leiToBani(parsed.data.price),
            },
          ]
        : [];
    });
    additions.push({
      menuItemId: line.data.menuItemId,
      name: line.data.name,
      sku: line.data.sku ?? `SKU-${line.data.menuItemId}`,
      unitPriceBani: leiToBani(line.data.price),
      quantity: clampQuantity(line.data.quantity),
      selectedModifiers: modifiers,
      specialInstructions: line.data.specialInstructions ?? '',
      imageUrl: line.data.imageUrl ?? null,
    });
  }
  return additions;
}
