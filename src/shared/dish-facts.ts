/**
 * What the storefront says about a dish beyond its name and price (issue 18): its allergens (the 14
 * of EU Regulation 1169/2011 Annex II), dietary tags, when it can be ordered, and its uploaded
 * photo's sources. Shared by the menu card, the dish dialog and the full menu, so they say the same
 * words. Pure: the instant comes from the caller (the server's clock as the device estimates it).
 */
import { bucharestWallClock, wallClockTime } from './domain/bucharest-clock';
import { isAvailableAt, nextAvailableFrom } from './domain/dish-availability';
import type { AllergenCode, AvailabilityWindow, DietaryTag, MenuItem, MenuPhoto } from './schemas/menu';

/** The card's compact words (one line on a phone row). */
export const ALLERGEN_SHORT_LABELS: Record<AllergenCode, string> = {
  gluten: 'Gluten',
  crustaceans: 'Crustaceans',
  eggs: 'Eggs',
  fish: 'Fish',
  peanuts: 'Peanuts',
  soybeans: 'Soy',
  milk: 'Milk',
  nuts: 'Nuts',
  celery: 'Celery',
  mustard: 'Mustard',
  sesame: 'Sesame',
  sulphites: 'Sulphites',
  lupin: 'Lupin',
  molluscs: 'Molluscs',
};

export const DIETARY_TAG_LABELS: Record<DietaryTag, string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  spicy: 'Spicy',
};

/** The card's allergen line: "Gluten · Milk" (its accessible name is prefixed "Allergens:"). */
export function allergenShortText(allergens: readonly AllergenCode[]): string {
  return allergens.map((code) => ALLERGEN_SHORT_LABELS[code]).join(' · ');
}

const WEEKDAY_SHORT = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' } as const;

/**
 * When a dish outside its windows at `nowMs` comes back (weekday and 24 h time in Bucharest; null
 * parts when it never does), or null when it may be ordered now (or has no windows). The server
 * refuses it too (api/orders/pricing.ts). The screens word it in their language.
 */
export function nextAvailability(
  windows: readonly AvailabilityWindow[],
  nowMs: number,
): { weekday: keyof typeof WEEKDAY_SHORT; time: string } | { weekday: null; time: null } | null {
  if (windows.length === 0) return null;
  const now = new Date(nowMs);
  if (isAvailableAt(windows, now)) return null;
  const next = nextAvailableFrom(windows, now);
  const wall = next ? bucharestWallClock(next) : null;
  return wall ? { weekday: wall.weekday, time: wallClockTime(wall) } : { weekday: null, time: null };
}

/** "Available from Mon 11:00" or "Not available now" in English (nextAvailability's words), or null when it may be ordered now. */
export function availableFromText(windows: readonly AvailabilityWindow[], nowMs: number): string | null {
  const next = nextAvailability(windows, nowMs);
  if (!next) return null;
  return next.weekday ? `Available from ${WEEKDAY_SHORT[next.weekday]} ${next.time}` : 'Not available now';
}

/** The uploaded photos' URL path (api/menu-photos/media-routes.ts serves it). */
export const MENU_PHOTO_URL_PATH = '/media/menu';

/**
 * `sizes` of the card's picture: a 96 px square on a phone row, half or a third of the screen in the
 * grid (menu-item-card.css). A 390 px phone at 3x needs 288 px: the 320 width.
 */
export const CARD_PHOTO_SIZES = '(max-width: 639.98px) 96px, (max-width: 1023.98px) 50vw, 33vw';
/** The dish dialog's picture: the dialog's width (the whole screen on a phone, 560 px wider). */
export const DIALOG_PHOTO_SIZES = '(max-width: 600px) 100vw, 560px';

export interface PhotoSources {
  avifSrcSet: string;
  webpSrcSet: string;
  /** The fallback `<img src>`: the smallest WebP. */
  src: string;
}

export function photoSources(photo: MenuPhoto): PhotoSources {
  const srcSet = (format: 'avif' | 'webp') =>
    photo.widths.map((width) => `${MENU_PHOTO_URL_PATH}/${photo.id}-${width}.${format} ${width}w`).join(', ');
  return {
    avifSrcSet: srcSet('avif'),
    webpSrcSet: srcSet('webp'),
    src: `${MENU_PHOTO_URL_PATH}/${photo.id}-${photo.widths[0] ?? photo.width}.webp`,
  };
}

/** True when the dish shows anything of allergens or tags on its card. */
export function hasDishFacts(item: Pick<MenuItem, 'allergens' | 'dietaryTags'>): boolean {
  return item.allergens.length > 0 || item.dietaryTags.length > 0;
}
