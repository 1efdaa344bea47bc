/**
 * Create or edit a dish (issue 18): name, category (moving it), description, their English (issue
 * 23, optional), price in lei, unit, photo, sold out, hidden, the 14 allergens, may contain, dietary
 * tags, availability windows (24 h, the restaurant's time) and the option groups it offers. Duplicate and delete (after a question)
 * for an existing dish. The form is checked with the contract's schema before anything is queued;
 * an edit sends only the changed fields with the revision it started from.
 */
import { useId, useState } from 'react';

import { Dialog } from '../../../components/dialog';
import type { EditorCatalogue, EditorDish } from '../../../shared/schemas/menu-editor';
import type { MenuUnit } from '../../../shared/schemas/menu';
import { ALLERGEN_CODES, DIETARY_TAGS, menuUnitSchema } from '../../../shared/schemas/menu';
import { cataloguePaths } from '../api/catalogue-api';
import type { DishForm, FieldErrors } from '../dish-form';
import { dishPatch, dishToForm, emptyDishForm, formToDish, toggle } from '../dish-form';
import type { MenuWrites } from '../hooks/use-menu-writes';
import { ALLERGEN_LABELS, DIETARY_TAG_LABELS, UNIT_LABELS } from '../labels';
import { baniToLeiText, parseLeiToBani } from '../price';
import { AvailabilityEditor } from './availability-editor';
import { EnglishFields, englishNameAndDescription } from './english-fields';
import { FieldError } from './field-error';
import { PhotoField } from './photo-field';

export function DishDialog({
  catalogue,
  dish: dishAtOpen,
  categoryId,
  writes,
  onClose,
}: {
  catalogue: EditorCatalogue;
  dish: EditorDish | null;
  categoryId: number;
  writes: MenuWrites;
  onClose(): void;
}) {
  const id = useId();
  // The row as it was when the dialog opened: a reload meanwhile must not move its revision under the
  // manager's edit (another tablet's save is then a conflict, not silently overwritten).
  const [dish] = useState(dishAtOpen);
  const [form, setForm] = useState<DishForm>(() => (dish ? dishToForm(dish) : emptyDishForm(categoryId)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [uploading, setUploading] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const update = (patch: Partial<DishForm>) => setForm((current) => ({ ...current, ...patch }));
  const described = (key: string) =>
    errors[key] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${key.replaceAll('.', '-')}-error` } : {};
  const errorOf = (key: string) => <FieldError id={`${id}-${key.replaceAll('.', '-')}-error`} message={errors[key]} />;

  const save = () => {
    const result = formToDish(form);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    const value = result.value;
    if (!dish) {
      void writes.send(
        { label: `New dish “${value.name}”`, method: 'POST', path: cataloguePaths.dishes(), body: value },
        { savedMessage: `“${value.name}” added to the menu` },
      );
      onClose();
      return;
    }
    const patch = dishPatch(dish, value);
    if (Object.keys(patch).length > 1) {
      const { baseRevision: _revision, photoId: _photoId, ...shown } = patch;
      void writes.send(
        { label: `Dish “${dish.name}”`, method: 'PATCH', path: cataloguePaths.dish(dish.id), body: patch },
        {
          savedMessage: `“${value.name}” saved`,
          optimistic: (current) => ({
            ...current,
            dishes: current.dishes.map((d) => (d.id === dish.id ? { ...d, ...shown, photo: form.photo } : d)),
            categories:
              patch.categoryId === undefined
                ? current.categories
                : current.categories.map((c) =>
                    c.id === patch.categoryId
                      ? { ...c, dishIds: [...c.dishIds.filter((x) => x !== dish.id), dish.id] }
                      : { ...c, dishIds: c.dishIds.filter((x) => x !== dish.id) },
                  ),
          }),
        },
      );
    }
    onClose();
  };

  const duplicate = () => {
    if (!dish) return;
    void writes.send(
      { label: `Duplicate “${dish.name}”`, method: 'POST', path: cataloguePaths.dishDuplicate(dish.id) },
      { savedMessage: `“${dish.name} (copy)” added, hidden until you show it` },
    );
    onClose();
  };

  const remove = () => {
    if (!dish) return;
    void writes.send(
      { label: `Delete “${dish.name}”`, method: 'DELETE', path: cataloguePaths.dish(dish.id) },
      {
        savedMessage: `“${dish.name}” deleted`,
        optimistic: (current) => ({
          ...current,
          dishes: current.dishes.filter((d) => d.id !== dish.id),
          categories: current.categories.map((c) => ({ ...c, dishIds: c.dishIds.filter((x) => x !== dish.id) })),
        }),
      },
    );
    onClose();
  };

  return (
    <Dialog title={dish ? `Edit ${dish.name}` : 'New dish'} onClose={onClose} className="me-dialog">
      <form
        className="admin-form me-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <div className="me-form__grid">
          <div className="field">
            <label htmlFor={`${id}-name`}>Name</label>
            <input
              id={`${id}-name`}
              value={form.name}
              onChange={(e) => update({ name: e.target.value })}
              data-autofocus
              {...described('name')}
            />
            {errorOf('name')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-category`}>Category</label>
            <select id={`${id}-category`} value={form.categoryId} onChange={(e) => update({ categoryId: Number(e.target.value) })}>
              {catalogue.categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-price`}>Price (lei)</label>
            <input
              id={`${id}-price`}
              inputMode="decimal"
              autoComplete="off"
              placeholder="24.50"
              value={form.priceText}
              onChange={(e) => update({ priceText: e.target.value })}
              onBlur={() => {
                // Show what will be saved: two decimals.
                const bani = parseLeiToBani(form.priceText);
                if (bani !== null) update({ priceText: baniToLeiText(bani) });
              }}
              {...described('price')}
            />
            {errorOf('price')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-unit`}>Unit</label>
            <select id={`${id}-unit`} value={form.unit} onChange={(e) => update({ unit: e.target.value as MenuUnit })}>
              {menuUnitSchema.options.map((unit) => (
                <option key={unit} value={unit}>
                  {UNIT_LABELS[unit]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${id}-description`}>Description</label>
          <textarea
            id={`${id}-description`}
            rows={2}
            value={form.description}
            onChange={(e) => update({ description: e.target.value })}
            {...described('description')}
          />
          {errorOf('description')}
        </div>
        <EnglishFields
          id={id}
          fields={englishNameAndDescription(form)}
          errors={errors}
          onChange={(key, value) => update({ [key]: value })}
        />

        <PhotoField
          photo={form.photo}
          image={dish?.image ?? null}
          name={form.name}
          onPhoto={(photo) => update({ photo })}
          onUploading={setUploading}
        />

        <div className="me-form__flags">
          <label className="admin-inline">
            <input type="checkbox" checked={form.soldOut} onChange={(e) => update({ soldOut: e.target.checked })} />
            Sold out
          </label>
          <label className="admin-inline">
            <input type="checkbox" checked={form.hidden} onChange={(e) => update({ hidden: e.target.checked })} />
            Hidden (not shown on the storefront)
          </label>
        </div>

        <fieldset className="me-fieldset">
          <legend>Allergens (EU 1169/2011)</legend>
          <div className="me-checks">
            {ALLERGEN_CODES.map((code) => (
              <label key={code} className="admin-inline me-check">
                <input
                  type="checkbox"
                  checked={form.allergens.includes(code)}
                  onChange={(e) => update({ allergens: toggle(form.allergens, code, e.target.checked) })}
                />
                {ALLERGEN_LABELS[code]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-may`}>May contain</label>
          <input
            id={`${id}-may`}
            value={form.mayContain}
            placeholder="e.g. traces of nuts"
            onChange={(e) => update({ mayContain: e.target.value })}
            {...described('mayContain')}
          />
          {errorOf('mayContain')}
        </div>
        <fieldset className="me-fieldset">
          <legend>Dietary tags</legend>
          <div className="me-checks">
            {DIETARY_TAGS.map((tag) => (
              <label key={tag} className="admin-inline me-check">
                <input
                  type="checkbox"
                  checked={form.dietaryTags.includes(tag)}
                  onChange={(e) => update({ dietaryTags: toggle(form.dietaryTags, tag, e.target.checked) })}
                />
                {DIETARY_TAG_LABELS[tag]}
              </label>
            ))}
          </div>
        </fieldset>

        <AvailabilityEditor windows={form.availability} errors={errors} onChange={(availability) => update({ availability })} />

        <fieldset className="me-fieldset">
          <legend>Option groups</legend>
          {catalogue.groups.length === 0 ? <p className="admin-muted">No option groups yet (create them under Option groups).</p> : null}
          <div className="me-checks">
            {catalogue.groups.map((group) => (
              <label key={group.id} className="admin-inline me-check">
                <input
                  type="checkbox"
                  checked={form.groupIds.includes(group.id)}
                  onChange={(e) => update({ groupIds: toggle(form.groupIds, group.id, e.target.checked) })}
                />
                {group.name}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="admin-actions me-form__footer">
          <button type="submit" className="button" disabled={uploading}>
            {uploading ? 'Uploading photo...' : dish ? 'Save dish' : 'Create dish'}
          </button>
          <button type="button" className="button button--outline" onClick={onClose}>
            Cancel
          </button>
          {dish ? (
            <>
              <button type="button" className="button button--outline" onClick={duplicate}>
                Duplicate
              </button>
              <button type="button" className="button button--outline me-danger" onClick={() => setConfirmDelete(true)}>
                Delete dish
              </button>
            </>
          ) : null}
        </div>
      </form>
      {dish && confirmDelete ? (
        <div className="me-confirm" role="alert">
          <p>Delete “{dish.name}”? Past orders keep their own copy of its name and price.</p>
          <div className="admin-actions">
            <button type="button" className="button me-danger-solid" onClick={remove}>
              Yes, delete
            </button>
            <button type="button" className="button button--outline" onClick={() => setConfirmDelete(false)}>
              Keep it
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
