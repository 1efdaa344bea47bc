/**
 * The server's answer to a menu write ({ category } / { dish } / { group }) merged into the cached
 * catalogue, so a row created or changed shows at once with its id and new revision, before the
 * catalogue is read again (docs/decisions/0119-menu-editor-client-writes.md).
 */
import { z } from 'zod/mini';

import type { EditorCatalogue } from '../../shared/schemas/menu-editor';
import { editorCategorySchema, editorDishSchema, editorGroupSchema } from '../../shared/schemas/menu-editor';

const answerSchema = z.object({
  category: z.optional(editorCategorySchema),
  dish: z.optional(editorDishSchema),
  group: z.optional(editorGroupSchema),
});

function upsert<T extends { id: number }>(list: readonly T[], row: T): T[] {
  return list.some((entry) => entry.id === row.id) ? list.map((entry) => (entry.id === row.id ? row : entry)) : [...list, row];
}

export function mergeAnswer(catalogue: EditorCatalogue, body: unknown): EditorCatalogue {
  const parsed = answerSchema.safeParse(body);
  if (!parsed.success) return catalogue;
  const { category, dish, group } = parsed.data;
  let next = catalogue;
  if (category) next = { ...next, categories: upsert(next.categories, category) };
  if (dish) {
    next = {
      ...next,
      dishes: upsert(next.dishes, dish),
      // The dish is listed in its category only (a move takes it out of the old one), at the end when new there.
      categories: next.categories.map((c) =>
        c.id === dish.categoryId
          ? c.dishIds.includes(dish.id)
            ? c
            : { ...c, dishIds: [...c.dishIds, dish.id] }
          : { ...c, dishIds: c.dishIds.filter((id) => id !== dish.id) },
      ),
    };
  }
  if (group) next = { ...next, groups: upsert(next.groups, group) };
  return next;
}
