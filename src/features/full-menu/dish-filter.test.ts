import { describe, expect, it } from 'vitest';

import type { DishFilter } from './dish-filter';
import { isDishFilterActive, NO_DISH_FILTER, passesDishFilter, toggleHiddenAllergen } from './dish-filter';

type Dish = Parameters<typeof passesDishFilter>[0];
const dish = (allergens: Dish['allergens'], dietaryTags: Dish['dietaryTags'] = []): Dish => ({ allergens, dietaryTags });

describe('passesDishFilter', () => {
  it('keeps every dish without a filter', () => {
    expect(isDishFilterActive(NO_DISH_FILTER)).toBe(false);
    expect(passesDishFilter(dish(['gluten', 'milk']), NO_DISH_FILTER)).toBe(true);
  });

  it('hides a dish containing any chosen allergen, and only those', () => {
    const noMilk = toggleHiddenAllergen(NO_DISH_FILTER, 'milk');
    expect(isDishFilterActive(noMilk)).toBe(true);
    expect(passesDishFilter(dish(['gluten', 'milk']), noMilk)).toBe(false);
    expect(passesDishFilter(dish(['gluten']), noMilk)).toBe(true);
    expect(passesDishFilter(dish([]), noMilk)).toBe(true);
    const noMilkNoEggs = toggleHiddenAllergen(noMilk, 'eggs');
    expect(passesDishFilter(dish(['eggs']), noMilkNoEggs)).toBe(false);
    // Toggling again shows them again.
    expect(passesDishFilter(dish(['milk']), toggleHiddenAllergen(noMilkNoEggs, 'milk'))).toBe(true);
  });

  it('vegetarian keeps vegetarian and vegan dishes; vegan keeps vegan ones only', () => {
    const vegetarian: DishFilter = { ...NO_DISH_FILTER, diet: 'vegetarian' };
    const vegan: DishFilter = { ...NO_DISH_FILTER, diet: 'vegan' };
    expect(passesDishFilter(dish([], ['vegetarian']), vegetarian)).toBe(true);
    expect(passesDishFilter(dish([], ['vegan']), vegetarian)).toBe(true);
    expect(passesDishFilter(dish([], ['spicy']), vegetarian)).toBe(false);
    expect(passesDishFilter(dish([], ['vegetarian']), vegan)).toBe(false);
    expect(passesDishFilter(dish([], ['vegan', 'spicy']), vegan)).toBe(true);
    expect(passesDishFilter(dish(['milk'], ['vegetarian']), toggleHiddenAllergen(vegetarian, 'milk'))).toBe(false);
  });
});
