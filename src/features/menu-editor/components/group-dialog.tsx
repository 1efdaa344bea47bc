/**
 * Create or edit an option group: name, description (each with its optional English, issue 23),
 * required, min/max selections and its options (name and its English, price in lei where 0 reads
 * 'Free', default, sold out, allergens), reordered by drag or the Move up / Move down buttons. Saved whole (PUT with the revision it was read at).
 */
import { useId, useState } from 'react';

import { Dialog } from '../../../components/dialog';
import { useLocale, useT } from '../../../lib/i18n';
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
import { EnglishFields, englishNameAndDescription, RomanianField } from './english-fields';
import { FieldError } from './field-error';
import { ReorderableList } from './reorderable-list';

export function GroupDialog({ group: groupAtOpen, writes, onClose }: { group: EditorGroup | null; writes: MenuWrites; onClose(): void }) {
  const id = useId();
  const t = useT();
  const locale = useLocale();
  const words = { t, locale };
  // The row as it was when the dialog opened (see dish-dialog.tsx).
  const [group] = useState(groupAtOpen);
  const [form, setForm] = useState<GroupForm>(() => (group ? groupToForm(group, locale) : emptyGroupForm(locale)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = (patch: Partial<GroupForm>) => setForm((current) => ({ ...current, ...patch }));
  const setOption = (key: string, patch: Partial<OptionForm>) =>
    setForm((current) => ({ ...current, options: current.options.map((o) => (o.key === key ? { ...o, ...patch } : o)) }));
  const errorId = (key: string) => `${id}-${key.replaceAll('.', '-')}-error`;
  const invalid = (key: string) => (errors[key] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(key) } : {});
  const errorOf = (key: string) => <FieldError id={errorId(key)} message={errors[key]} />;

  const save = () => {
    const result = formToGroupInput(form);
    if (!result.ok) return setErrors(result.errors);
    const value = result.value;
    if (group) {
      void writes.send(
        {
          label: t('menu-editor.write.group', { name: group.name }),
          method: 'PUT',
          path: cataloguePaths.group(group.id),
          body: { baseRevision: group.revision, group: value },
        },
        { savedMessage: t('menu-editor.write.groupSaved', { name: value.name }) },
      );
    } else {
      void writes.send(
        { label: t('menu-editor.write.newGroup', { name: value.name }), method: 'POST', path: cataloguePaths.groups(), body: value },
        { savedMessage: t('menu-editor.write.groupCreated', { name: value.name }) },
      );
    }
    onClose();
  };

  return (
    <Dialog
      title={group ? t('menu-editor.groups.edit', { name: group.name }) : t('menu-editor.groups.new')}
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
            label={t('menu-editor.group.name')}
            problem={errors.name}
            errorId={errorId('name')}
            control={(props) => <input {...props} value={form.name} onChange={(e) => update({ name: e.target.value })} data-autofocus />}
          />
          <div className="field">
            <label htmlFor={`${id}-min`}>{t('menu-editor.group.min')}</label>
            <input
              id={`${id}-min`}
              inputMode="numeric"
              value={form.minText}
              onChange={(e) => update({ minText: e.target.value })}
              {...invalid('minSelections')}
            />
            {errorOf('minSelections')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-max`}>{t('menu-editor.group.max')}</label>
            <input
              id={`${id}-max`}
              inputMode="numeric"
              value={form.maxText}
              onChange={(e) => update({ maxText: e.target.value })}
              {...invalid('maxSelections')}
            />
            {errorOf('maxSelections')}
          </div>
        </div>
        <RomanianField
          inputId={`${id}-description`}
          label={t('menu-editor.field.description')}
          problem={errors.description}
          errorId={errorId('description')}
          control={(props) => <input {...props} value={form.description} onChange={(e) => update({ description: e.target.value })} />}
        />
        <EnglishFields
          id={id}
          fields={englishNameAndDescription(form)}
          errors={errors}
          onChange={(key, value) => update({ [key]: value })}
        />
        <label className="admin-inline">
          <input type="checkbox" checked={form.isRequired} onChange={(e) => update({ isRequired: e.target.checked })} />
          {t('menu-editor.group.required')}
        </label>

        <fieldset className="me-fieldset">
          <legend>{t('menu-editor.group.options')}</legend>
          {errorOf('options')}
          <ReorderableList
            label={t('menu-editor.group.options')}
            items={form.options}
            idOf={(option) => option.key}
            nameOf={(option) => option.name || t('menu-editor.group.newOption')}
            onReorder={(keys) => update({ options: keys.map((key) => form.options.find((o) => o.key === key)!) })}
            renderItem={(option, controls) => {
              const index = form.options.indexOf(option);
              const bani = parseLeiToBani(option.priceText);
              return (
                <div className="me-option">
                  {controls}
                  <div className="me-option__fields">
                    <RomanianField
                      inputId={`${id}-${option.key}-name`}
                      label={t('menu-editor.group.optionName', { number: index + 1 })}
                      problem={errors[`options.${index}.name`]}
                      errorId={errorId(`options.${index}.name`)}
                      control={(props) => (
                        <input {...props} value={option.name} onChange={(e) => setOption(option.key, { name: e.target.value })} />
                      )}
                    />
                    <div className="field">
                      <label htmlFor={`${id}-${option.key}-name-en`}>{t('menu-editor.group.optionNameEn', { number: index + 1 })}</label>
                      <input
                        id={`${id}-${option.key}-name-en`}
                        value={option.nameEn}
                        placeholder={t('menu-editor.group.optional')}
                        onChange={(e) => setOption(option.key, { nameEn: e.target.value })}
                        {...invalid(`options.${index}.nameEn`)}
                      />
                      {errorOf(`options.${index}.nameEn`)}
                    </div>
                    <div className="field">
                      <label htmlFor={`${id}-${option.key}-price`}>{t('menu-editor.group.optionPrice', { number: index + 1 })}</label>
                      <input
                        id={`${id}-${option.key}-price`}
                        inputMode="decimal"
                        value={option.priceText}
                        onChange={(e) => setOption(option.key, { priceText: e.target.value })}
                        {...invalid(`options.${index}.price`)}
                      />
                      <span className="admin-muted me-option__price">{bani === null ? '' : optionPriceLabel(bani, words)}</span>
                      {errorOf(`options.${index}.price`)}
                    </div>
                    <label className="admin-inline">
                      <input
                        type="checkbox"
                        checked={option.isDefault}
                        onChange={(e) => setOption(option.key, { isDefault: e.target.checked })}
                      />
                      {t('menu-editor.group.default')}
                    </label>
                    <label className="admin-inline">
                      <input
                        type="checkbox"
                        checked={option.soldOut}
                        onChange={(e) => setOption(option.key, { soldOut: e.target.checked })}
                      />
                      {t('menu-editor.field.soldOut')}
                    </label>
                    <details className="me-option__allergens">
                      <summary>
                        {t('menu-editor.group.allergens')}
                        {option.allergens.length > 0 ? ` (${option.allergens.map((code) => t(ALLERGEN_LABELS[code])).join(', ')})` : ''}
                      </summary>
                      <div className="me-checks">
                        {ALLERGEN_CODES.map((code) => (
                          <label key={code} className="admin-inline me-check">
                            <input
                              type="checkbox"
                              checked={option.allergens.includes(code)}
                              onChange={(e) => setOption(option.key, { allergens: toggle(option.allergens, code, e.target.checked) })}
                            />
                            {t(ALLERGEN_LABELS[code])}
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
                      {t('menu-editor.group.removeOption', { number: index + 1 })}
                    </button>
                  </div>
                </div>
              );
            }}
          />
          <button
            type="button"
            className="button button--outline"
            onClick={() => update({ options: [...form.options, emptyOption(locale)] })}
          >
            {t('menu-editor.group.addOption')}
          </button>
        </fieldset>

        <div className="admin-actions">
          <button type="submit" className="button">
            {group ? t('menu-editor.group.save') : t('menu-editor.group.create')}
          </button>
          <button type="button" className="button button--outline" onClick={onClose}>
            {t('menu-editor.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
