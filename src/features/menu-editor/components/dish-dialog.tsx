/**
 * Create or edit a dish (issue 18): name, category (moving it), description, their English (issue
 * 23, optional), price in lei, unit, photo, sold out, hidden, the 14 allergens, may contain, dietary
 * tags, availability windows (24 h, the restaurant's time) and the option groups it offers. Duplicate and delete (after a question)
 * for an existing dish. The form is checked with the contract's schema before anything is queued;
 * an edit sends only the changed fields with the revision it started from.
 */
import { useId, useState } from 'react';

import { Dialog } from '../../../components/dialog';
import { useLocale, useT } from '../../../lib/i18n';
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
import { EnglishFields, englishNameAndDescription, RomanianField } from './english-fields';
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
  const t = useT();
  const locale = useLocale();
  // The row as it was when the dialog opened: a reload meanwhile must not move its revision under the
  // manager's edit (another tablet's save is then a conflict, not silently overwritten).
  const [dish] = useState(dishAtOpen);
  const [form, setForm] = useState<DishForm>(() => (dish ? dishToForm(dish, locale) : emptyDishForm(categoryId)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [uploading, setUploading] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const update = (patch: Partial<DishForm>) => setForm((current) => ({ ...current, ...patch }));
  const errorId = (key: string) => `${id}-${key.replaceAll('.', '-')}-error`;
  const described = (key: string) => (errors[key] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(key) } : {});
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
        { label: t('menu-editor.write.newDish', { name: value.name }), method: 'POST', path: cataloguePaths.dishes(), body: value },
        { savedMessage: t('menu-editor.write.dishAdded', { name: value.name }) },
      );
      onClose();
      return;
    }
    const patch = dishPatch(dish, value);
    if (Object.keys(patch).length > 1) {
      const { baseRevision: _revision, photoId: _photoId, ...shown } = patch;
      void writes.send(
        { label: t('menu-editor.write.dish', { name: dish.name }), method: 'PATCH', path: cataloguePaths.dish(dish.id), body: patch },
        {
          savedMessage: t('menu-editor.write.dishSaved', { name: value.name }),
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
      { label: t('menu-editor.write.duplicate', { name: dish.name }), method: 'POST', path: cataloguePaths.dishDuplicate(dish.id) },
      { savedMessage: t('menu-editor.write.duplicated', { name: dish.name }) },
    );
    onClose();
  };

  const remove = () => {
    if (!dish) return;
    void writes.send(
      { label: t('menu-editor.write.deleteDish', { name: dish.name }), method: 'DELETE', path: cataloguePaths.dish(dish.id) },
      {
        savedMessage: t('menu-editor.write.dishDeleted', { name: dish.name }),
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
    <Dialog
      title={dish ? t('menu-editor.dishes.edit', { name: dish.name }) : t('menu-editor.dishes.new')}
      onClose={onClose}
      closeLabel={t('menu-editor.close')}
      className="me-dialog"
    >
      <form
        className="admin-form me-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <div className="me-form__grid">
          <RomanianField
            inputId={`${id}-name`}
            label={t('menu-editor.field.name')}
            problem={errors.name}
            errorId={errorId('name')}
            control={(props) => <input {...props} value={form.name} onChange={(e) => update({ name: e.target.value })} data-autofocus />}
          />
          <div className="field">
            <label htmlFor={`${id}-category`}>{t('menu-editor.field.category')}</label>
            <select id={`${id}-category`} value={form.categoryId} onChange={(e) => update({ categoryId: Number(e.target.value) })}>
              {catalogue.categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-price`}>{t('menu-editor.dish.price')}</label>
            <input
              id={`${id}-price`}
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('menu-editor.dish.pricePlaceholder')}
              value={form.priceText}
              onChange={(e) => update({ priceText: e.target.value })}
              onBlur={() => {
                // Show what will be saved: two decimals.
                const bani = parseLeiToBani(form.priceText);
                if (bani !== null) update({ priceText: baniToLeiText(bani, locale) });
              }}
              {...described('price')}
            />
            {errorOf('price')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-unit`}>{t('menu-editor.dish.unit')}</label>
            <select id={`${id}-unit`} value={form.unit} onChange={(e) => update({ unit: e.target.value as MenuUnit })}>
              {menuUnitSchema.options.map((unit) => (
                <option key={unit} value={unit}>
                  {t(UNIT_LABELS[unit])}
                </option>
              ))}
            </select>
          </div>
        </div>
        <RomanianField
          inputId={`${id}-description`}
          label={t('menu-editor.field.description')}
          problem={errors.description}
          errorId={errorId('description')}
          control={(props) => (
            <textarea {...props} rows={2} value={form.description} onChange={(e) => update({ description: e.target.value })} />
          )}
        />
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
            {t('menu-editor.field.soldOut')}
          </label>
          <label className="admin-inline">
            <input type="checkbox" checked={form.hidden} onChange={(e) => update({ hidden: e.target.checked })} />
            {t('menu-editor.field.hidden')}
          </label>
        </div>

        <fieldset className="me-fieldset">
          <legend>{t('menu-editor.dish.allergens')}</legend>
          <div className="me-checks">
            {ALLERGEN_CODES.map((code) => (
              <label key={code} className="admin-inline me-check">
                <input
                  type="checkbox"
                  checked={form.allergens.includes(code)}
                  onChange={(e) => update({ allergens: toggle(form.allergens, code, e.target.checked) })}
                />
                {t(ALLERGEN_LABELS[code])}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-may`}>{t('menu-editor.dish.mayContain')}</label>
          <input
            id={`${id}-may`}
            value={form.mayContain}
            placeholder={t('menu-editor.dish.mayContainPlaceholder')}
            onChange={(e) => update({ mayContain: e.target.value })}
            {...described('mayContain')}
          />
          {errorOf('mayContain')}
        </div>
        <fieldset className="me-fieldset">
          <legend>{t('menu-editor.dish.dietaryTags')}</legend>
          <div className="me-checks">
            {DIETARY_TAGS.map((tag) => (
              <label key={tag} className="admin-inline me-check">
                <input
                  type="checkbox"
                  checked={form.dietaryTags.includes(tag)}
                  onChange={(e) => update({ dietaryTags: toggle(form.dietaryTags, tag, e.target.checked) })}
                />
                {t(DIETARY_TAG_LABELS[tag])}
              </label>
            ))}
          </div>
        </fieldset>

        <AvailabilityEditor windows={form.availability} errors={errors} onChange={(availability) => update({ availability })} />

        <fieldset className="me-fieldset">
          <legend>{t('menu-editor.dish.groups')}</legend>
          {catalogue.groups.length === 0 ? <p className="admin-muted">{t('menu-editor.dish.noGroups')}</p> : null}
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
            {uploading ? t('menu-editor.dish.uploading') : dish ? t('menu-editor.dish.save') : t('menu-editor.dish.create')}
          </button>
          <button type="button" className="button button--outline" onClick={onClose}>
            {t('menu-editor.cancel')}
          </button>
          {dish ? (
            <>
              <button type="button" className="button button--outline" onClick={duplicate}>
                {t('menu-editor.dish.duplicate')}
              </button>
              <button type="button" className="button button--outline me-danger" onClick={() => setConfirmDelete(true)}>
                {t('menu-editor.dish.delete')}
              </button>
            </>
          ) : null}
        </div>
      </form>
      {dish && confirmDelete ? (
        <div className="me-confirm" role="alert">
          <p>{t('menu-editor.dish.deleteQuestion', { name: dish.name })}</p>
          <div className="admin-actions">
            <button type="button" className="button me-danger-solid" onClick={remove}>
              {t('menu-editor.yesDelete')}
            </button>
            <button type="button" className="button button--outline" onClick={() => setConfirmDelete(false)}>
              {t('menu-editor.keepIt')}
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
