/**
 * Create or edit a category: name, short label (the home tabs), description, their English (issue
 * 23, optional), hidden. Delete asks
 * first; the server refuses while dishes are in it (409 category_not_empty) and the dialog then
 * offers to move them to another category and delete. Queued offline like every menu change.
 */
import { useId, useState } from 'react';

import { Dialog } from '../../../components/dialog';
import type { CategoryPatch, EditorCatalogue } from '../../../shared/schemas/menu-editor';
import { CATEGORY_NOT_EMPTY_CODE, categoryInputSchema, categoryPatchSchema } from '../../../shared/schemas/menu-editor';
import { cataloguePaths } from '../api/catalogue-api';
import type { FieldErrors } from '../dish-form';
import { blankToNull, issuesToErrors } from '../dish-form';
import type { MenuWrites } from '../hooks/use-menu-writes';
import type { EnglishField } from './english-fields';
import { EnglishFields } from './english-fields';
import { FieldError } from './field-error';

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
  const [refusal, setRefusal] = useState('');
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
        { label: `New category “${parsed.data.name}”`, method: 'POST', path: cataloguePaths.categories(), body: parsed.data },
        { savedMessage: `Category “${parsed.data.name}” created` },
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
      { label: `Category “${category.name}”`, method: 'PATCH', path: cataloguePaths.category(category.id), body },
      {
        savedMessage: `Category “${parsed.data.name ?? category.name}” saved`,
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
      { label: `Delete category “${category.name}”`, method: 'DELETE', path: cataloguePaths.category(category.id, moveDishesTo) },
      { handles: [CATEGORY_NOT_EMPTY_CODE], savedMessage: `Category “${category.name}” deleted` },
    );
    if (outcome.kind === 'refused' && outcome.code === CATEGORY_NOT_EMPTY_CODE) {
      setRefusal(outcome.message);
      setDeleting('refused');
      return;
    }
    onClose();
  };

  return (
    <Dialog title={category ? `Edit category ${category.name}` : 'New category'} onClose={onClose}>
      <form
        className="admin-form me-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            id={`${id}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
            data-autofocus
          />
          <FieldError id={`${id}-name-error`} message={errors.name} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-short`}>Short label (tabs)</label>
          <input id={`${id}-short`} value={shortLabel} placeholder="Same as the name" onChange={(e) => setShortLabel(e.target.value)} />
          <FieldError id={`${id}-short-error`} message={errors.shortLabel} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-description`}>Description</label>
          <textarea id={`${id}-description`} rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
        </div>
        <EnglishFields
          id={id}
          fields={[
            { key: 'nameEn', label: 'Name in English', value: english.nameEn },
            { key: 'shortLabelEn', label: 'Short label in English', value: english.shortLabelEn },
            { key: 'descriptionEn', label: 'Description in English', value: english.descriptionEn },
          ]}
          errors={errors}
          onChange={(key, value) => setEnglish((current) => ({ ...current, [key]: value }))}
        />
        <label className="admin-inline">
          <input type="checkbox" checked={hidden} onChange={(e) => setHidden(e.target.checked)} />
          Hidden (not shown on the storefront)
        </label>
        <div className="admin-actions">
          <button type="submit" className="button">
            {category ? 'Save category' : 'Create category'}
          </button>
          <button type="button" className="button button--outline" onClick={onClose}>
            Cancel
          </button>
          {category && deleting === null ? (
            <button type="button" className="button button--outline me-danger" onClick={() => setDeleting('ask')}>
              Delete category
            </button>
          ) : null}
        </div>
      </form>
      {category && deleting === 'ask' ? (
        <div className="me-confirm" role="alert">
          <p>Delete the category “{category.name}”?</p>
          <div className="admin-actions">
            <button type="button" className="button me-danger-solid" onClick={() => void remove(null)}>
              Yes, delete
            </button>
            <button type="button" className="button button--outline" onClick={() => setDeleting(null)}>
              Keep it
            </button>
          </div>
        </div>
      ) : null}
      {category && deleting === 'refused' ? (
        <div className="me-confirm" role="alert">
          <p>{refusal}</p>
          {others.length > 0 ? (
            <>
              <div className="field">
                <label htmlFor={`${id}-move`}>Move its dishes to</label>
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
                  Move dishes and delete
                </button>
                <button type="button" className="button button--outline" onClick={() => setDeleting(null)}>
                  Keep it
                </button>
              </div>
            </>
          ) : (
            <p>Move or delete its dishes first.</p>
          )}
        </div>
      ) : null}
    </Dialog>
  );
}
