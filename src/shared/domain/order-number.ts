/**
 * Order numbers (spec §9): 'ORD-' + a timestamp + 9 random uppercase letters, e.g.
 * 'ORD-1763812800000QWERTYUIO'. Pure: the instant and the randomness are injected so the server
 * uses its Clock and crypto, and tests pin both. The number is also the POS external order number.
 */
export const ORDER_NUMBER_PREFIX = 'ORD-';
export const ORDER_NUMBER_RANDOM_LENGTH = 9;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** ORD-<epoch ms><9 letters>; anything longer or shorter is not one of ours. */
export const ORDER_NUMBER_PATTERN = /^ORD-\d{10,16}[A-Z]{9}$/;

/**
 * @param randomIndex returns an integer in [0, max) — crypto.randomInt on the server.
 */
export function makeOrderNumber(now: Date, randomIndex: (max: number) => number): string {
  let suffix = '';
  for (let i = 0; i < ORDER_NUMBER_RANDOM_LENGTH; i += 1) {
    const index = randomIndex(LETTERS.length);
    if (!Number.isInteger(index) || index < 0 || index >= LETTERS.length) throw new RangeError(`Bad random index ${index}`);
    suffix += LETTERS[index];
  }
  return `${ORDER_NUMBER_PREFIX}${now.getTime()}${suffix}`;
}

export function isOrderNumber(value: string): boolean {
  return ORDER_NUMBER_PATTERN.test(value);
}
