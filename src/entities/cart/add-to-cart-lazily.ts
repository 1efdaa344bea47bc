/** Adding to the cart from a screen whose first paint carries no IndexedDB code (the menu, the search dialog). */
import type { CartAddition } from '../../shared/domain/cart';

/** Add a configuration to the cart (merging with an identical line), loading the repository on first use. Offline: works, local only. */
export async function addToCartLazily(addition: CartAddition): Promise<void> {
  const { addToCart } = await import('./cart-repo');
  await addToCart(addition);
}
