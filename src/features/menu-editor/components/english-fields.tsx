/**
 * The English beside a Romanian text (issue 23): a category's, a dish's or an option group's name
 * and description in English, optional; left blank, customers reading English see the Romanian
 * (docs/decisions/0163-menu-content-in-two-languages.md). Validation is the contract's, as for the
 * Romanian fields; its messages arrive under the same keys (nameEn, descriptionEn, shortLabelEn).
 */
import type { FieldErrors } from '../dish-form';
import { FieldError } from './field-error';

export interface EnglishField {
  /** The contract's field: its error key and the input's id suffix. */
  key: 'nameEn' | 'shortLabelEn' | 'descriptionEn';
  label: string;
  value: string;
}

/** The English name and description of a dish or an option group. */
export function englishNameAndDescription(values: { nameEn: string; descriptionEn: string }): EnglishField[] {
  return [
    { key: 'nameEn', label: 'Name in English', value: values.nameEn },
    { key: 'descriptionEn', label: 'Description in English', value: values.descriptionEn },
  ];
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
  return (
    <fieldset className="me-fieldset me-english">
      <legend>In English (optional)</legend>
      <p className="me-english__hint">Left blank, customers reading English see the Romanian.</p>
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
            <label htmlFor={inputId}>{field.label}</label>
            {field.key === 'descriptionEn' ? <textarea rows={2} {...props} /> : <input {...props} />}
            <FieldError id={errorId} message={errors[field.key]} />
          </div>
        );
      })}
    </fieldset>
  );
}
