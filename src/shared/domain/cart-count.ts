/**
 * The header badge's number, in a module of its own: the first paint counts the cart with it and
 * must not pull in the pricing rules of cart.ts (the first load's bundle budget).
 */
export function cartItemCount(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
