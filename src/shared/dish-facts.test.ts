import { describe, expect, it } from 'vitest';

import { ALLERGEN_FULL_LABELS } from './allergen-names';
import { ALLERGEN_SHORT_LABELS, allergenShortText, availableFromText, photoSources } from './dish-facts';
import { ALLERGEN_CODES } from './schemas/menu';

const DAILY_MENU = [{ days: [1, 2, 3, 4, 5], from: '11:00', to: '15:00' }];
const at = (iso: string) => Date.parse(iso);

describe('availableFromText', () => {
  it('is null for a dish without windows, and inside a window', () => {
    expect(availableFromText([], at('2026-11-22T12:00:00Z'))).toBeNull();
    // Monday 23 Nov 2026, 12:00 in Bucharest (UTC+2).
    expect(availableFromText(DAILY_MENU, at('2026-11-23T10:00:00Z'))).toBeNull();
  });

  it('names the next start in Bucharest time, 24 h, with the weekday', () => {
    // Sunday 14:00 → Monday 11:00; Monday 15:00 (the end is not in the window) → Tuesday 11:00.
    expect(availableFromText(DAILY_MENU, at('2026-11-22T12:00:00Z'))).toBe('Available from Mon 11:00');
    expect(availableFromText(DAILY_MENU, at('2026-11-23T13:00:00Z'))).toBe('Available from Tue 11:00');
    // Friday 09:30 → the same day at 11:00.
    expect(availableFromText(DAILY_MENU, at('2026-11-27T07:30:00Z'))).toBe('Available from Fri 11:00');
    // Summer time (UTC+3): Saturday 1 Aug 2026 → Monday 3 Aug 17:30.
    expect(availableFromText([{ days: [1], from: '17:30', to: '22:00' }], at('2026-08-01T09:00:00Z'))).toBe('Available from Mon 17:30');
  });
});

describe('labels and photo sources', () => {
  it('has a short and a full name for each of the 14 allergens', () => {
    for (const code of ALLERGEN_CODES) {
      expect(ALLERGEN_SHORT_LABELS[code]).toMatch(/^\p{Lu}/u);
      expect(ALLERGEN_FULL_LABELS[code]).toMatch(/^\p{Lu}/u);
    }
    expect(allergenShortText(['gluten', 'soybeans', 'sulphites'])).toBe('Gluten · Soy · Sulphites');
  });

  it('lists every width made, in AVIF and WebP, with the smallest WebP as the fallback', () => {
    const id = 'b'.repeat(32);
    expect(photoSources({ id, widths: [320, 640, 1280], width: 2000, height: 1500 })).toEqual({
      avifSrcSet: `/media/menu/${id}-320.avif 320w, /media/menu/${id}-640.avif 640w, /media/menu/${id}-1280.avif 1280w`,
      webpSrcSet: `/media/menu/${id}-320.webp 320w, /media/menu/${id}-640.webp 640w, /media/menu/${id}-1280.webp 1280w`,
      src: `/media/menu/${id}-320.webp`,
    });
  });
});
