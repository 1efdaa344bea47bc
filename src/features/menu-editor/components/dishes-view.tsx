/**
 * Categories and their dishes: a list of categories (create, edit, hide, delete, reorder) beside the
 * chosen category's dishes (create, edit, reorder). Every change is queued (use-menu-writes.ts) and
 * shown at once; the server's answer reloads the catalogue.
 */
import { useState } from 'react';

import type { Bani } from '../../../shared/money';
import { useLocale, useT } from '../../../lib/i18n';
import { formatLei } from '../../../shared/money';
import type { EditorCatalogue, EditorDish } from '../../../shared/schemas/menu-editor';
import { cataloguePaths } from '../api/catalogue-api';
import type { MenuWrites } from '../hooks/use-menu-writes';
import { CategoryDialog } from './category-dialog';
import { DishDialog } from './dish-dialog';
import { DishThumb } from './dish-thumb';
import { ReorderableList } from './reorderable-list';

type CategoryEdit = { kind: 'new' } | { kind: 'edit'; id: number };
type DishEdit = { kind: 'new'; categoryId: number } | { kind: 'edit'; id: number };

export function DishesView({ catalogue, writes }: { catalogue: EditorCatalogue; writes: MenuWrites }) {
  const t = useT();
  const locale = useLocale();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [categoryEdit, setCategoryEdit] = useState<CategoryEdit | null>(null);
  const [dishEdit, setDishEdit] = useState<DishEdit | null>(null);
  const chosen = catalogue.categories.find((category) => category.id === chosenId) ?? catalogue.categories[0] ?? null;
  const dishesById = new Map(catalogue.dishes.map((dish) => [dish.id, dish]));
  const dishes = chosen ? chosen.dishIds.map((id) => dishesById.get(id)).filter((dish): dish is EditorDish => dish !== undefined) : [];

  return (
    <div className="me-columns">
      <section className="admin-card me-pane" aria-labelledby="me-categories-title">
        <div className="me-pane__header">
          <h2 id="me-categories-title" className="me-pane__title">
            {t('menu-editor.categories.title')}
          </h2>
          <button type="button" className="button" onClick={() => setCategoryEdit({ kind: 'new' })}>
            {t('menu-editor.categories.new')}
          </button>
        </div>
        {catalogue.categories.length === 0 ? <p className="admin-muted">{t('menu-editor.categories.empty')}</p> : null}
        <ReorderableList
          label={t('menu-editor.categories.title')}
          items={catalogue.categories}
          idOf={(category) => category.id}
          nameOf={(category) => category.name}
          onReorder={(ids) =>
            void writes.send(
              { label: t('menu-editor.write.categoryOrder'), method: 'PUT', path: cataloguePaths.categoryOrder(), body: { ids } },
              {
                optimistic: (current) => ({
                  ...current,
                  categories: ids.map((id) => current.categories.find((category) => category.id === id)!).filter(Boolean),
                }),
              },
            )
          }
          renderItem={(category, controls) => (
            <div className={`me-row${category.id === chosen?.id ? ' me-row--chosen' : ''}`}>
              {controls}
              <button
                type="button"
                className="me-row__main"
                aria-pressed={category.id === chosen?.id}
                onClick={() => setChosenId(category.id)}
              >
                <span className="me-row__name">{category.name}</span>
                <span className="me-row__meta">
                  {t('menu-editor.categories.dishCount', { count: category.dishIds.length })}
                  {category.hidden ? <span className="badge me-badge">{t('menu-editor.badge.hidden')}</span> : null}
                </span>
              </button>
              <button
                type="button"
                className="button button--outline me-row__edit"
                aria-label={t('menu-editor.categories.edit', { name: category.name })}
                onClick={() => setCategoryEdit({ kind: 'edit', id: category.id })}
              >
                {t('menu-editor.edit')}
              </button>
            </div>
          )}
        />
      </section>

      <section className="admin-card me-pane" aria-labelledby="me-dishes-title">
        <div className="me-pane__header">
          <h2 id="me-dishes-title" className="me-pane__title">
            {chosen ? t('menu-editor.dishes.titleIn', { category: chosen.name }) : t('menu-editor.dishes.title')}
          </h2>
          {chosen ? (
            <button type="button" className="button" onClick={() => setDishEdit({ kind: 'new', categoryId: chosen.id })}>
              {t('menu-editor.dishes.new')}
            </button>
          ) : null}
        </div>
        {chosen && dishes.length === 0 ? <p className="admin-muted">{t('menu-editor.dishes.empty')}</p> : null}
        {chosen ? (
          <ReorderableList
            label={t('menu-editor.dishes.titleIn', { category: chosen.name })}
            items={dishes}
            idOf={(dish) => dish.id}
            nameOf={(dish) => dish.name}
            onReorder={(ids) =>
              void writes.send(
                {
                  label: t('menu-editor.write.dishOrder', { category: chosen.name }),
                  method: 'PUT',
                  path: cataloguePaths.dishOrder(chosen.id),
                  body: { ids },
                },
                {
                  optimistic: (current) => ({
                    ...current,
                    categories: current.categories.map((category) =>
                      category.id === chosen.id ? { ...category, dishIds: ids.map(Number) } : category,
                    ),
                  }),
                },
              )
            }
            renderItem={(dish, controls) => (
              <div className="me-row">
                {controls}
                <DishThumb dish={dish} />
                <div className="me-row__main me-row__main--static">
                  <span className="me-row__name">{dish.name}</span>
                  <span className="me-row__meta">
                    {dish.unit === 'Kg'
                      ? t('menu-editor.dishes.pricePerKg', { price: formatLei(dish.priceBani as Bani, locale) })
                      : formatLei(dish.priceBani as Bani, locale)}
                    {dish.soldOut ? <span className="badge me-badge">{t('menu-editor.badge.soldOut')}</span> : null}
                    {dish.hidden ? <span className="badge me-badge">{t('menu-editor.badge.hidden')}</span> : null}
                  </span>
                </div>
                <button
                  type="button"
                  className="button button--outline me-row__edit"
                  aria-label={t('menu-editor.dishes.edit', { name: dish.name })}
                  onClick={() => setDishEdit({ kind: 'edit', id: dish.id })}
                >
                  {t('menu-editor.edit')}
                </button>
              </div>
            )}
          />
        ) : null}
      </section>

      {categoryEdit ? (
        <CategoryDialog
          catalogue={catalogue}
          category={categoryEdit.kind === 'edit' ? (catalogue.categories.find((c) => c.id === categoryEdit.id) ?? null) : null}
          writes={writes}
          onClose={() => setCategoryEdit(null)}
        />
      ) : null}
      {dishEdit ? (
        <DishDialog
          catalogue={catalogue}
          dish={dishEdit.kind === 'edit' ? (dishesById.get(dishEdit.id) ?? null) : null}
          categoryId={dishEdit.kind === 'new' ? dishEdit.categoryId : (dishesById.get(dishEdit.id)?.categoryId ?? chosen?.id ?? 0)}
          writes={writes}
          onClose={() => setDishEdit(null)}
        />
      ) : null}
    </div>
  );
}
