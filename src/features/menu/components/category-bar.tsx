/** The sticky category bar: one button per category, the active one marked and centred in the bar. */
import { useEffect, useRef } from 'react';

import { useMenuText } from '../../../components/menu-text';
import { CategoryIcon } from '../../../components/icons';
import { Skeleton } from '../../../components/skeleton';
import { useT } from '../../../lib/i18n';
import { afterNextPaint } from '../../../lib/next-task';
import type { MenuCategory } from '../../../shared/schemas/menu';
import { centredScrollLeft } from '../scroll-spy';
import './category-bar.css';

/** Placeholders shown while the menu loads (spec §9). */
export const CATEGORY_SKELETON_COUNT = 6;

export function CategoryBar({
  categories,
  active,
  onSelect,
}: {
  categories: readonly MenuCategory[] | undefined;
  active: string | null;
  onSelect(slug: string): void;
}) {
  const t = useT();
  const text = useMenuText();
  const scroller = useRef<HTMLDivElement>(null);

  // Measured after the paint: in the commit's own task the boxes would force a layout of the whole
  // menu (the first render of the menu paid it twice).
  useEffect(
    () =>
      afterNextPaint(() => {
        const bar = scroller.current;
        const button = bar?.querySelector<HTMLElement>('[aria-current="true"]');
        if (!bar || !button) return;
        const barBox = bar.getBoundingClientRect();
        const buttonBox = button.getBoundingClientRect();
        bar.scrollTo({
          left: centredScrollLeft(
            { scrollLeft: bar.scrollLeft, width: barBox.width },
            { left: buttonBox.left - barBox.left, width: buttonBox.width },
          ),
          behavior: 'smooth',
        });
      }),
    [active],
  );

  return (
    <nav className="category-bar" aria-label={t('menu.categories')}>
      <div className="category-bar__scroller" ref={scroller}>
        {categories
          ? categories.map((category) => (
              <button
                key={category.id}
                type="button"
                className="category-bar__button"
                aria-current={category.slug === active ? 'true' : undefined}
                onClick={() => onSelect(category.slug)}
              >
                <CategoryIcon icon={category.icon} /> {text.name(category)}
              </button>
            ))
          : Array.from({ length: CATEGORY_SKELETON_COUNT }, (_, i) => <Skeleton key={i} className="category-bar__skeleton" />)}
      </div>
    </nav>
  );
}
