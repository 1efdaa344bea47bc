import type { Menu } from '../../../shared/schemas/menu';

/** The categories of the seeded catalogue with their item counts (home page entry points). */
export function CategoryList({ menu }: { menu: Menu }) {
  return (
    <ul className="category-list" aria-label="Categorii">
      {menu.categories.map((category) => {
        const count = menu.items.filter((item) => item.categoryId === category.id).length;
        return (
          <li key={category.id} className="category-list__item">
            <span className="category-list__icon" aria-hidden="true">
              {category.icon}
            </span>
            <span className="category-list__name">{category.name}</span>
            <span className="category-list__count">{count} produse</span>
          </li>
        );
      })}
    </ul>
  );
}
