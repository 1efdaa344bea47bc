/**
 * The words the storefront says about a dish beyond its name (src/shared/dish-facts.ts): allergens,
 * dietary tags and when it comes back, in the screen's language. One hook for the menu card, the
 * dish dialog and the full menu, so they say the same words.
 */
import { useMemo } from 'react';

import { useT } from '../lib/i18n';
import { nextAvailability } from '../shared/dish-facts';
import type { AllergenCode, AvailabilityWindow, DietaryTag } from '../shared/schemas/menu';

export interface DishWords {
  /** "Gluten" (the card's compact word). */
  allergenShort(code: AllergenCode): string;
  /** "Cereals containing gluten" (EU Regulation 1169/2011 Annex II's name). */
  allergenFull(code: AllergenCode): string;
  /** "Gluten · Milk": the card's allergen line. */
  allergenLine(codes: readonly AllergenCode[]): string;
  tag(tag: DietaryTag): string;
  /** "Available from Mon 11:00" for a dish outside its windows at `nowMs`, else null. */
  availableFrom(windows: readonly AvailabilityWindow[], nowMs: number): string | null;
}

export function useDishWords(): DishWords {
  const t = useT();
  return useMemo(() => {
    const allergenShort = (code: AllergenCode) => t(`common.allergen.short.${code}`);
    return {
      allergenShort,
      allergenFull: (code) => t(`common.allergen.full.${code}`),
      allergenLine: (codes) => codes.map(allergenShort).join(' · '),
      tag: (tag) => t(`common.dietaryTag.${tag}`),
      availableFrom: (windows, nowMs) => {
        const next = nextAvailability(windows, nowMs);
        if (!next) return null;
        return next.weekday ? t('common.dish.availableFrom', { weekday: next.weekday, time: next.time }) : t('common.dish.notAvailableNow');
      },
    };
  }, [t]);
}
