/**
 * The two languages of a menu text (issue 23). The Romanian name and description are the dish's (the
 * category's, the option group's) own text, what every customer sees unless they read English; each
 * Romanian field says so beside its label (`RomanianField`). The English beside it is optional: left
 * blank, customers reading English see the Romanian
 * (docs/decisions/0163-menu-content-in-two-languages.md). Validation is the contract's, as for the
 * Romanian fields; its messages arrive under the same keys (nameEn, descriptionEn, shortLabelEn).
 */
import type { ReactNode } from 'react';

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

/** What a Romanian text's control carries: its id, and its note and problem as its description. */
export interface RomanianControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string;
}

/**
 * A Romanian text's field: its label (the field's name, as it always was), the note beside it that
 * this is the main text, in Romanian, the control (`control`, an input or a textarea) and its problem.
 */
export function RomanianField({
  inputId,
  label,
  problem,
  errorId = `${inputId}-error`,
  control,
}: {
  inputId: string;
  label: string;
  problem: string | undefined;
  errorId?: string;
  control(props: RomanianControlProps): ReactNode;
}) {
  const t = useT();
  const noteId = `${inputId}-ro`;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <span id={noteId} className="me-lang">
        {t('menu-editor.field.inRomanian')}
      </span>
      {control({
        id: inputId,
        'aria-invalid': problem ? true : undefined,
        'aria-describedby': problem ? `${noteId} ${errorId}` : noteId,
      })}
      <FieldError id={errorId} message={problem} />
    </div>
  );
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
