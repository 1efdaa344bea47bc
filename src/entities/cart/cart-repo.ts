/**
 * The cart noun's repository: its one read and all its writes. The cart lives only on this device, in
 * IndexedDB (Dexie table cartLines), so EVERY function here works offline exactly as online: nothing
 * is sent anywhere, nothing is queued, and there is no later conflict to resolve. Other open tabs see
 * each change through the live read (../cart-live.ts, hooks/use-cart-lines.ts: Dexie broadcasts
 * writes across tabs). Prices stored here are for display; the server reprices the cart from its own
 * catalogue at checkout. Features (cart, menu, checkout, orders) write the cart through here only.
 */
import type { CartAddition, CartLine } from '../../shared/domain/cart';
import { addToCartLines, setLineQuantity } from '../../shared/domain/cart';
import { db } from '../../db/db';
import { LEGACY_CART_STORAGE_KEY, parseLegacyCart } from './legacy-cart';

const LEGACY_MIGRATED_META_KEY = 'legacy-cart-migrated';

/** Time-based line id (spec §3), with a random tail so two adds in one millisecond differ. */
function newLineId(): string {
  return `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

/** The cart's one read: its lines in the order they were added (every live read of the cart runs this). */
export function readCartLines(): Promise<CartLine[]> {
  return db.cartLines.orderBy('addedAt').toArray();
}

/**
 * Add configurations in this order, each merging with an identical line (shared rule), in one
 * transaction; each new line is added a millisecond after the one before, and after every line
 * already there (an add in the same millisecond as the last one would tie with it and sort by its
 * random id), so the order holds. Offline: works, local only.
 */
export async function addAllToCart(additions: readonly CartAddition[]): Promise<void> {
  await db.transaction('rw', db.cartLines, async () => {
    let lines = await readCartLines();
    const lastAddedAtMs = lines.length > 0 ? Date.parse(lines[lines.length - 1]!.addedAt) : Number.NEGATIVE_INFINITY;
    const startedAtMs = Math.max(Date.now(), lastAddedAtMs + 1);
    additions.forEach((addition, index) => {
      lines = addToCartLines(lines, addition, newLineId(), new Date(startedAtMs + index).toISOString());
    });
    await db.cartLines.bulkPut(lines);
  });
}

/** Add a configuration, merging with an identical one (shared rule). Offline: works, local only. */
export async function addToCart(addition: CartAddition): Promise<void> {
  await addAllToCart([addition]);
}

/** Set a line's quantity; 0 or less removes the line. Offline: works, local only. */
export async function setCartLineQuantity(lineId: string, quantity: number): Promise<void> {
  await db.transaction('rw', db.cartLines, async () => {
    const lines = await readCartLines();
    const next = setLineQuantity(lines, lineId, quantity);
    if (next.length < lines.length) await db.cartLines.delete(lineId);
    else await db.cartLines.bulkPut(next.filter((line) => line.id === lineId));
  });
}

/** Remove one line. Offline: works, local only. */
export async function removeCartLine(lineId: string): Promise<void> {
  await db.cartLines.delete(lineId);
}

/**
 * Take the refreshed menu's prices for the given dishes (the customer accepted the cart notice).
 * Offline: works, local only — the prices come from the stored menu snapshot.
 */
export async function applyMenuPrices(changes: readonly { menuItemId: number; afterBani: number | null }[]): Promise<void> {
  await db.transaction('rw', db.cartLines, async () => {
    for (const change of changes) {
      if (change.afterBani === null) continue;
      await db.cartLines.where('menuItemId').equals(change.menuItemId).modify({ unitPriceBani: change.afterBani });
    }
  });
}

/** Empty the cart; answers the lines it removed, for an undo. Offline: works, local only. */
export async function clearCart(): Promise<CartLine[]> {
  return db.transaction('rw', db.cartLines, async () => {
    const removed = await readCartLines();
    await db.cartLines.clear();
    return removed;
  });
}

/**
 * Undo a clear: put the removed lines back with their ids and times, merged (shared rule) with
 * anything added since, so nothing is doubled or lost. Offline: works, local only.
 */
export async function restoreCartLines(removed: readonly CartLine[]): Promise<void> {
  await db.transaction('rw', db.cartLines, async () => {
    let lines = await readCartLines();
    for (const line of removed) {
      const { id, addedAt, ...addition } = line;
      lines = addToCartLines(lines, addition, id, addedAt);
    }
    await db.cartLines.clear();
    await db.cartLines.bulkPut(lines);
  });
}

/**
 * Once per device: bring a cart left by the old site in localStorage ('cart-storage') into this
 * one, then delete the key. The flag and the lines are written in one transaction, so a crash
 * midway migrates again rather than losing or doubling lines. Offline: works, local only.
 */
export async function migrateLegacyCart(storage: Pick<Storage, 'getItem' | 'removeItem'> = window.localStorage): Promise<void> {
  const raw = storage.getItem(LEGACY_CART_STORAGE_KEY);
  if (raw === null) return;
  await db.transaction('rw', db.cartLines, db.meta, async () => {
    if (await db.meta.get(LEGACY_MIGRATED_META_KEY)) return;
    let lines = await readCartLines();
    for (const addition of parseLegacyCart(raw)) lines = addToCartLines(lines, addition, newLineId(), new Date().toISOString());
    await db.cartLines.bulkPut(lines);
    await db.meta.put({ key: LEGACY_MIGRATED_META_KEY, value: new Date().toISOString() });
  });
  storage.removeItem(LEGACY_CART_STORAGE_KEY);
}
