/**
 * With CMS=directus the menu is the restaurant's Directus (issue 18): the editor shows it read-only,
 * says why and where to edit it; sold out is still set here, in its own section (Directus is read
 * again only every CMS_CACHE_TTL_MS, too slow for a dish that just ran out).
 */
import { useLocale, useT } from '../../../lib/i18n';
import type { Bani } from '../../../shared/money';
import { formatLei } from '../../../shared/money';
import type { EditorCatalogue } from '../../../shared/schemas/menu-editor';

export function ReadOnlyMenu({ catalogue, onOpenSoldOut }: { catalogue: EditorCatalogue; onOpenSoldOut(): void }) {
  const t = useT();
  const locale = useLocale();
  const dishes = new Map(catalogue.dishes.map((dish) => [dish.id, dish]));
  return (
    <div className="menu-editor">
      <div className="admin-banner" role="note">
        <p>
          <strong>{t('menu-editor.directus.lead')}</strong> {t('menu-editor.directus.explanation')}
        </p>
        <button type="button" className="button button--outline" onClick={onOpenSoldOut}>
          {t('menu-editor.directus.soldOut')}
        </button>
      </div>
      {catalogue.categories.map((category) => (
        <section key={category.id} className="admin-card" aria-labelledby={`me-ro-${category.id}`}>
          <h2 id={`me-ro-${category.id}`} className="me-pane__title">
            {category.name}
          </h2>
          <ul className="me-list">
            {category.dishIds.map((id) => {
              const dish = dishes.get(id);
              if (!dish) return null;
              return (
                <li key={id} className="me-list__row me-row">
                  <span className="me-row__name">{dish.name}</span>
                  <span className="me-row__meta">{formatLei(dish.priceBani as Bani, locale)}</span>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
