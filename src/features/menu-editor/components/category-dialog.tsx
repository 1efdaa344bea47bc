/**
 * Create or edit a category: name, short label (the home tabs), description, their English (issue
 * 23, optional), hidden. Delete asks
 * first; the server refuses while dishes are in it (409 category_not_empty) and the dialog then
 * offers to move them to another category and delete. Queued offline like every menu change.
 */
import { useId, useState } from 'react';

import { Dialog } from '../../../components/dialog';
import { useT } from '../../../lib/i18n';
import type { CategoryPatch, EditorCatalogue } from '../../../shared/schemas/menu-editor';
import { CATEGORY_NOT_EMPTY_CODE, categoryInputSchema, categoryPatchSchema } from '../../../shared/schemas/menu-editor';
import { cataloguePaths } from '../api/catalogue-api';
import type { FieldErrors } from '../dish-form';
import { blankToNull, issuesToErrors } from '../dish-form';
import type { MenuWrites } from '../hooks/use-menu-writes';
import type { EnglishField } from './english-fields';
import { EnglishFields, RomanianField } from './english-fields';

type EditorCategory = EditorCatalogue['categories'][number];

export function CategoryDialog({
  catalogue,
  category: categoryAtOpen,
  writes,
  onClose,
}: {
  catalogue: EditorCatalogue;
  category: EditorCategory | null;
  writes: MenuWrites;
  onClose(): void;
}) {
  const id = useId();
  const t = useT();
  // The row as it was when the dialog opened (see dish-dialog.tsx).
  const [category] = useState(categoryAtOpen);
  const [name, setName] = useState(category?.name ?? '');
  const [shortLabel, setShortLabel] = useState(category?.shortLabel ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [english, setEnglish] = useState<Record<EnglishField['key'], string>>({
    nameEn: category?.nameEn ?? '',
    shortLabelEn: category?.shortLabelEn ?? '',
    descriptionEn: category?.descriptionEn ?? '',
  });
  const [hidden, setHidden] = useState(category?.hidden ?? false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [deleting, setDeleting] = useState<'ask' | 'refused' | null>(null);
  const [refusal, setRefusal] = useState<{ dishCount: number } | null>(null);
  const others = catalogue.categories.filter((other) => other.id !== category?.id);
  const [moveTo, setMoveTo] = useState<number | null>(others[0]?.id ?? null);

  const save = () => {
    const fields = {
      name,
      shortLabel: shortLabel.trim() === '' ? undefined : shortLabel,
      description: description.trim() === '' ? null : description.trim(),
      nameEn: blankToNull(english.nameEn),
      shortLabelEn: blankToNull(english.shortLabelEn),
      descriptionEn: blankToNull(english.descriptionEn),
      hidden,
    };
    if (!category) {
      const parsed = categoryInputSchema.safeParse(fields);
      if (!parsed.success) return setErrors(issuesToErrors(parsed.error.issues));
      void writes.send(
        {
          label: t('menu-editor.write.newCategory', { name: parsed.data.name }),
          method: 'POST',
          path: cataloguePaths.categories(),
          body: parsed.data,
        },
        { savedMessage: t('menu-editor.write.categoryCreated', { name: parsed.data.name }) },
      );
      onClose();
      return;
    }
    const patch: Record<string, unknown> = {};
    if (fields.name.trim() !== category.name) patch.name = fields.name;
    if (shortLabel.trim() !== '' && shortLabel.trim() !== category.shortLabel) patch.shortLabel = shortLabel;
    if (fields.description !== category.description) patch.description = fields.description;
    for (const key of ['nameEn', 'shortLabelEn', 'descriptionEn'] as const) {
      if (fields[key] !== category[key]) patch[key] = fields[key];
    }
    if (fields.hidden !== category.hidden) patch.hidden = fields.hidden;
    const parsed = categoryPatchSchema.safeParse({ ...patch, baseRevision: category.revision });
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error.issues));
    if (Object.keys(patch).length === 0) return onClose();
    const body: CategoryPatch = parsed.data;
    void writes.send(
      {
        label: t('menu-editor.write.category', { name: category.name }),
        method: 'PATCH',
        path: cataloguePaths.category(category.id),
        body,
      },
      {
        savedMessage: t('menu-editor.write.categorySaved', { name: parsed.data.name ?? category.name }),
        optimistic: (current) => ({
          ...current,
          categories: current.categories.map((c) => (c.id === category.id ? { ...c, ...patch, revision: c.revision } : c)),
        }),
      },
    );
    onClose();
  };

  const remove = async (moveDishesTo: number | null) => {
    if (!category) return;
    const outcome = await writes.send(
      {
        label: t('menu-editor.write.deleteCategory', { name: category.name }),
        method: 'DELETE',
        path: cataloguePaths.category(category.id, moveDishesTo),
      },
      { handles: [CATEGORY_NOT_EMPTY_CODE], savedMessage: t('menu-editor.write.categoryDeleted', { name: category.name }) },
    );
    if (outcome.kind === 'refused' && outcome.code === CATEGORY_NOT_EMPTY_CODE) {
      // The server's count (its details), worded here; the category's dishes as this tablet has them otherwise.
      const dishCount = (outcome.details as { dishCount?: unknown } | null | undefined)?.dishCount;
      setRefusal({ dishCount: typeof dishCount === 'number' ? dishCount : category.dishIds.length });
      setDeleting('refused');
      return;
    }
    onClose();
  };

  return (
    <Dialog
      title={category ? t('menu-editor.categories.edit', { name: category.name }) : t('menu-editor.categories.new')}
      onClose={onClose}
      closeLabel={t('menu-editor.close')}
    >
      <form
        className="admin-form me-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <RomanianField
          inputId={`${id}-name`}
          label={t('menu-editor.field.name')}
          problem={errors.name}
          control={(props) => <input {...props} value={name} onChange={(e) => setName(e.target.value)} data-autofocus />}
        />
        <RomanianField
          inputId={`${id}-short`}
          label={t('menu-editor.category.shortLabel')}
          problem={errors.shortLabel}
          control={(props) => (
            <input
              {...props}
              value={shortLabel}
              placeholder={t('menu-editor.category.shortLabelPlaceholder')}
              onChange={(e) => setShortLabel(e.target.value)}
            />
          )}
        />
        <RomanianField
          inputId={`${id}-description`}
          label={t('menu-editor.field.description')}
          problem={errors.description}
          control={(props) => <textarea {...props} rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />}
        />
        <EnglishFields
          id={id}
          fields={[
            { key: 'nameEn', label: 'menu-editor.english.name', value: english.nameEn },
            { key: 'shortLabelEn', label: 'menu-editor.english.shortLabel', value: english.shortLabelEn },
            { key: 'descriptionEn', label: 'menu-editor.english.description', value: english.descriptionEn },
          ]}
          errors={errors}
          onChange={(key, value) => setEnglish((current) => ({ ...current, [key]: value }))}
        />
        <label className="admin-inline">
          <input type="checkbox" checked={hidden} onChange={(e) => setHidden(e.target.checked)} />
          {t('menu-editor.field.hidden')}
        </label>
        <div className="admin-actions">
          <button type="submit" className="button">
            {category ? t('menu-editor.category.save') : t('menu-editor.category.create')}
          </button>
          <button type="button" className="button button--outline" onClick={onClose}>
            {t('menu-editor.cancel')}
          </button>
          {category && deleting === null ? (
            <button type="button" className="button button--outline me-danger" onClick={() => setDeleting('ask')}>
              {t('menu-editor.category.delete')}
            </button>
          ) : null}
        </div>
      </form>
      {category && deleting === 'ask' ? (
        <div className="me-confirm" role="alert">
          <p>{t('menu-editor.category.deleteQuestion', { name: category.name })}</p>
          <div className="admin-actions">
            <button type="button" className="button me-danger-solid" onClick={() => void remove(null)}>
              {t('menu-editor.yesDelete')}
            </button>
            <button type="button" className="button button--outline" onClick={() => setDeleting(null)}>
              {t('menu-editor.keepIt')}
            </button>
          </div>
        </div>
      ) : null}
      {category && deleting === 'refused' && refusal ? (
        <div className="me-confirm" role="alert">
          <p>{t('menu-editor.category.notEmpty', { name: category.name, count: refusal.dishCount })}</p>
          {others.length > 0 ? (
            <>
              <div className="field">
                <label htmlFor={`${id}-move`}>{t('menu-editor.category.moveTo')}</label>
                <select id={`${id}-move`} value={moveTo ?? ''} onChange={(e) => setMoveTo(Number(e.target.value))}>
                  {others.map((other) => (
                    <option key={other.id} value={other.id}>
                      {other.name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="admin-actions">
                <button type="button" className="button me-danger-solid" disabled={moveTo === null} onClick={() => void remove(moveTo)}>
                  {t('menu-editor.category.moveAndDelete')}
                </button>
                <button type="button" className="button button--outline" onClick={() => setDeleting(null)}>
                  {t('menu-editor.keepIt')}
                </button>
              </div>
            </>
          ) : (
            <p>{t('menu-editor.category.emptyFirst')}</p>
          )}
        </div>
      ) : null}
    </Dialog>
  );
}
