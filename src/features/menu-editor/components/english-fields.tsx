/**
 * The two languages of a menu text (issue 23). The Romanian name and description are the dish's (the
 * category's, the option group's) own text, what every customer sees unless they read English; each
 * Romanian field says so beside its label (`InRomanian`). The English beside it is optional: left
 * blank, customers reading English see the Romanian
 * (docs/decisions/0163-menu-content-in-two-languages.md). Validation is the contract's, as for the
 * Romanian fields; its messages arrive under the same keys (nameEn, descriptionEn, shortLabelEn).
 */
import { useT } from '../../../lib/i18n';
import type { FieldErrors } from '../dish-form';
import type { EditorMessageId } from '../words';
import { FieldError } from './field-error';

export interface EnglishField {
  /** The contract's field: its error key and the input's id suffix. */
  key: 'nameEn' | 'shortLabelEn' | 'descriptionEn';
  label: EditorMessageId;
  value: string;
}

/** The English name and description of a dish or an option group. */
export function englishNameAndDescription(values: { nameEn: string; descriptionEn: string }): EnglishField[] {
  return [
    { key: 'nameEn', label: 'menu-editor.english.name', value: values.nameEn },
    { key: 'descriptionEn', label: 'menu-editor.english.description', value: values.descriptionEn },
  ];
}

/** The id of a Romanian field's "in Romanian" note, for the field's aria-describedby. */
export const inRomanianId = (inputId: string) => `${inputId}-ro`;

/** Beside a Romanian field's label: this is the main text, in Romanian (the label itself stays the field's name). */
export function InRomanian({ inputId }: { inputId: string }) {
  const t = useT();
  return (
    <span id={inRomanianId(inputId)} className="me-lang">
      {t('menu-editor.field.inRomanian')}
    </span>
  );
}

/** aria-describedby of a field described by several notes, any of them absent. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const present = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return present.length > 0 ? present.join(' ') : undefined;
}

export function EnglishFields({
  id,
  fields,
  errors,
  onChange,
}: {
  id: string;
  fields: readonly EnglishField[];
  errors: FieldErrors;
  onChange(key: EnglishField['key'], value: string): void;
}) {
  const t = useT();
  return (
    <fieldset className="me-fieldset me-english">
      <legend>{t('menu-editor.english.legend')}</legend>
      <p className="me-english__hint">{t('menu-editor.english.hint')}</p>
      {fields.map((field) => {
        const inputId = `${id}-${field.key}`;
        const errorId = `${inputId}-error`;
        const props = {
          id: inputId,
          value: field.value,
          onChange: (event: { target: { value: string } }) => onChange(field.key, event.target.value),
          'aria-invalid': errors[field.key] ? true : undefined,
          'aria-describedby': errors[field.key] ? errorId : undefined,
        };
        return (
          <div className="field" key={field.key}>
            <label htmlFor={inputId}>{t(field.label)}</label>
            {field.key === 'descriptionEn' ? <textarea rows={2} {...props} /> : <input {...props} />}
            <FieldError id={errorId} message={errors[field.key]} />
          </div>
        );
      })}
    </fieldset>
  );
}
