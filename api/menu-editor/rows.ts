/**
 * Menu rows of the store as the editor and the storefront read them (issue 18). The JSON columns
 * (allergens, tags, windows, photo) are parsed leniently: a value the schema does not know (written
 * by hand, or by a later version that was rolled back) reads as none rather than breaking the menu.
 */
import { z } from 'zod/mini';

import type { AllergenCode, AvailabilityWindow, DietaryTag, MenuPhoto, MenuUnit } from '../../src/shared/schemas/menu';
import {
  allergenCodeSchema,
  availabilityWindowsSchema,
  dietaryTagSchema,
  menuPhotoSchema,
  menuUnitSchema,
} from '../../src/shared/schemas/menu';

const allergensColumn = z.catch(z.array(allergenCodeSchema), []);
const tagsColumn = z.catch(z.array(dietaryTagSchema), []);
const windowsColumn = z.catch(availabilityWindowsSchema, []);
const photoColumn = z.catch(z.nullable(menuPhotoSchema), null);

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function allergensOf(text: string | null): AllergenCode[] {
  return allergensColumn.parse(parseJson(text));
}

export function dietaryTagsOf(text: string | null): DietaryTag[] {
  return tagsColumn.parse(parseJson(text));
}

export function availabilityOf(text: string | null): AvailabilityWindow[] {
  return windowsColumn.parse(parseJson(text));
}

export function photoOf(text: string | null): MenuPhoto | null {
  return photoColumn.parse(parseJson(text));
}

/** Seeded and mirrored units are the shared ones; anything else is shown as by the piece. */
export function unitOf(text: string): MenuUnit {
  const parsed = menuUnitSchema.safeParse(text);
  return parsed.success ? parsed.data : 'Buc';
}

/** Allergen and tag lists are stored in the shared order, each once, whatever order they were sent in. */
export function canonicalAllergens(values: readonly AllergenCode[]): AllergenCode[] {
  return allergenCodeSchema.options.filter((code) => values.includes(code));
}

export function canonicalTags(values: readonly DietaryTag[]): DietaryTag[] {
  return dietaryTagSchema.options.filter((tag) => values.includes(tag));
}

/** A stored English text (0024) for the menu answer: left out when none was written (Romanian is shown instead). */
export function englishOf(text: string | null): string | undefined {
  return text === null || text.trim() === '' ? undefined : text;
}
