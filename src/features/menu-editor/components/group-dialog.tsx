/**
 * Create or edit an option group: name, description (each with its optional English, issue 23),
 * required, min/max selections and its options (name and its English, price in lei where 0 reads
 * 'Free', default, sold out, allergens), reordered by drag or the Move up / Move down buttons. Saved whole (PUT with the revision it was read at).
 */
import { useId, useState } from 'react';

import { Dialog } from '../../../components/dialog';
import type { EditorGroup } from '../../../shared/schemas/menu-editor';
import { ALLERGEN_CODES } from '../../../shared/schemas/menu';
import { cataloguePaths } from '../api/catalogue-api';
import type { FieldErrors } from '../dish-form';
import { toggle } from '../dish-form';
import type { GroupForm, OptionForm } from '../group-form';
import { emptyGroupForm, emptyOption, formToGroupInput, groupToForm, optionPriceLabel } from '../group-form';
import type { MenuWrites } from '../hooks/use-menu-writes';
import { ALLERGEN_LABELS } from '../labels';
import { parseLeiToBani } from '../price';
import { EnglishFields, englishNameAndDescription } from './english-fields';
import { FieldError } from './field-error';
import { ReorderableList } from './reorderable-list';

export function GroupDialog({ group: groupAtOpen, writes, onClose }: { group: EditorGroup | null; writes: MenuWrites; onClose(): void }) {
  const id = useId();
  // The row as it was when the dialog opened (see dish-dialog.tsx).
  const [group] = useState(groupAtOpen);
  const [form, setForm] = useState<GroupForm>(() => (group ? groupToForm(group) : emptyGroupForm()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = (patch: Partial<GroupForm>) => setForm((current) => ({ ...current, ...patch }));
  const setOption = (key: string, patch: Partial<OptionForm>) =>
    setForm((current) => ({ ...current, options: current.options.map((o) => (o.key === key ? { ...o, ...patch } : o)) }));
  const describedBy = (key: string) =>
    errors[key] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${key.replaceAll('.', '-')}-error` } : {};
  const errorOf = (key: string) => <FieldError id={`${id}-${key.replaceAll('.', '-')}-error`} message={errors[key]} />;

  const save = () => {
    const result = formToGroupInput(form);
    if (!result.ok) return setErrors(result.errors);
    const value = result.value;
    if (group) {
      void writes.send(
        {
          label: `Group “${group.name}”`,
          method: 'PUT',
          path: cataloguePaths.group(group.id),
          body: { baseRevision: group.revision, group: value },
        },
        { savedMessage: `Group “${value.name}” saved` },
      );
    } else {
      void writes.send(
        { label: `New group “${value.name}”`, method: 'POST', path: cataloguePaths.groups(), body: value },
        { savedMessage: `Group “${value.name}” created` },
      );
    }
    onClose();
  };

  return (
    <Dialog title={group ? `Edit group ${group.name}` : 'New option group'} onClose={onClose} className="me-dialog">
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
            <label htmlFor={`${id}-name`}>Group name</label>
            <input
              id={`${id}-name`}
              value={form.name}
              onChange={(e) => update({ name: e.target.value })}
              data-autofocus
              {...describedBy('name')}
            />
            {errorOf('name')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-min`}>Minimum choices</label>
            <input
              id={`${id}-min`}
              inputMode="numeric"
              value={form.minText}
              onChange={(e) => update({ minText: e.target.value })}
              {...describedBy('minSelections')}
            />
            {errorOf('minSelections')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-max`}>Maximum choices</label>
            <input
              id={`${id}-max`}
              inputMode="numeric"
              value={form.maxText}
              onChange={(e) => update({ maxText: e.target.value })}
              {...describedBy('maxSelections')}
            />
            {errorOf('maxSelections')}
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${id}-description`}>Description</label>
          <input id={`${id}-description`} value={form.description} onChange={(e) => update({ description: e.target.value })} />
        </div>
        <EnglishFields
          id={id}
          fields={englishNameAndDescription(form)}
          errors={errors}
          onChange={(key, value) => update({ [key]: value })}
        />
        <label className="admin-inline">
          <input type="checkbox" checked={form.isRequired} onChange={(e) => update({ isRequired: e.target.checked })} />
          Required (the customer must choose)
        </label>

        <fieldset className="me-fieldset">
          <legend>Options</legend>
          {errorOf('options')}
          <ReorderableList
            label="Options"
            items={form.options}
            idOf={(option) => option.key}
            nameOf={(option) => option.name || 'New option'}
            onReorder={(keys) => update({ options: keys.map((key) => form.options.find((o) => o.key === key)!) })}
            renderItem={(option, controls) => {
              const index = form.options.indexOf(option);
              const bani = parseLeiToBani(option.priceText);
              return (
                <div className="me-option">
                  {controls}
                  <div className="me-option__fields">
                    <div className="field">
                      <label htmlFor={`${id}-${option.key}-name`}>Option {index + 1} name</label>
                      <input
                        id={`${id}-${option.key}-name`}
                        value={option.name}
                        onChange={(e) => setOption(option.key, { name: e.target.value })}
                        {...describedBy(`options.${index}.name`)}
                      />
                      {errorOf(`options.${index}.name`)}
                    </div>
                    <div className="field">
                      <label htmlFor={`${id}-${option.key}-name-en`}>Option {index + 1} in English</label>
                      <input
                        id={`${id}-${option.key}-name-en`}
                        value={option.nameEn}
                        placeholder="Optional"
                        onChange={(e) => setOption(option.key, { nameEn: e.target.value })}
                        {...describedBy(`options.${index}.nameEn`)}
                      />
                      {errorOf(`options.${index}.nameEn`)}
                    </div>
                    <div className="field">
                      <label htmlFor={`${id}-${option.key}-price`}>Option {index + 1} price (lei)</label>
                      <input
                        id={`${id}-${option.key}-price`}
                        inputMode="decimal"
                        value={option.priceText}
                        onChange={(e) => setOption(option.key, { priceText: e.target.value })}
                        {...describedBy(`options.${index}.price`)}
                      />
                      <span className="admin-muted me-option__price">{bani === null ? '' : optionPriceLabel(bani)}</span>
                      {errorOf(`options.${index}.price`)}
                    </div>
                    <label className="admin-inline">
                      <input
                        type="checkbox"
                        checked={option.isDefault}
                        onChange={(e) => setOption(option.key, { isDefault: e.target.checked })}
                      />
                      Default
                    </label>
                    <label className="admin-inline">
                      <input
                        type="checkbox"
                        checked={option.soldOut}
                        onChange={(e) => setOption(option.key, { soldOut: e.target.checked })}
                      />
                      Sold out
                    </label>
                    <details className="me-option__allergens">
                      <summary>
                        Allergens
                        {option.allergens.length > 0 ? ` (${option.allergens.map((code) => ALLERGEN_LABELS[code]).join(', ')})` : ''}
                      </summary>
                      <div className="me-checks">
                        {ALLERGEN_CODES.map((code) => (
                          <label key={code} className="admin-inline me-check">
                            <input
                              type="checkbox"
                              checked={option.allergens.includes(code)}
                              onChange={(e) => setOption(option.key, { allergens: toggle(option.allergens, code, e.target.checked) })}
                            />
                            {ALLERGEN_LABELS[code]}
                          </label>
                        ))}
                      </div>
                    </details>
                    <button
                      type="button"
                      className="button button--outline"
                      disabled={form.options.length === 1}
                      onClick={() => update({ options: form.options.filter((o) => o.key !== option.key) })}
                    >
                      Remove option {index + 1}
                    </button>
                  </div>
                </div>
              );
            }}
          />
          <button type="button" className="button button--outline" onClick={() => update({ options: [...form.options, emptyOption()] })}>
            Add an option
          </button>
        </fieldset>

        <div className="admin-actions">
          <button type="submit" className="button">
            {group ? 'Save group' : 'Create group'}
          </button>
          <button type="button" className="button button--outline" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
