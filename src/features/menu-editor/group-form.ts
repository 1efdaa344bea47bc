/**
 * The option group form (issue 18): a group is shared by every dish that offers it; saving sends the
 * whole group (PUT with the revision it was read at). Options keep their ids so past orders' copies
 * still name them; an option left out is removed. A price of 0 reads 'Free'.
 */
import type { EditorGroup, GroupInput } from '../../shared/schemas/menu-editor';
import { groupInputSchema } from '../../shared/schemas/menu-editor';
import type { AllergenCode } from '../../shared/schemas/menu';
import type { FieldErrors, FormResult } from './dish-form';
import { blankToNull, issuesToErrors } from './dish-form';
import { baniToLeiText, parseLeiToBani } from './price';

export interface OptionForm {
  /** A stable React key for rows that have no id yet. */
  key: string;
  id?: number;
  name: string;
  /** Issue 23: optional; blank shows the Romanian name in English too. */
  nameEn: string;
  priceText: string;
  isDefault: boolean;
  soldOut: boolean;
  allergens: AllergenCode[];
}

export interface GroupForm {
  name: string;
  description: string;
  nameEn: string;
  descriptionEn: string;
  isRequired: boolean;
  minText: string;
  maxText: string;
  options: OptionForm[];
}

let nextKey = 1;
export const newOptionKey = () => `new-${nextKey++}`;

export function emptyOption(): OptionForm {
  return { key: newOptionKey(), name: '', nameEn: '', priceText: '0.00', isDefault: false, soldOut: false, allergens: [] };
}

export function emptyGroupForm(): GroupForm {
  return {
    name: '',
    description: '',
    nameEn: '',
    descriptionEn: '',
    isRequired: false,
    minText: '0',
    maxText: '1',
    options: [emptyOption()],
  };
}

export function groupToForm(group: EditorGroup): GroupForm {
  return {
    name: group.name,
    description: group.description ?? '',
    nameEn: group.nameEn ?? '',
    descriptionEn: group.descriptionEn ?? '',
    isRequired: group.isRequired,
    minText: String(group.minSelections),
    maxText: String(group.maxSelections),
    options: group.options.map((option) => ({
      key: `id-${option.id}`,
      id: option.id,
      name: option.name,
      nameEn: option.nameEn ?? '',
      priceText: baniToLeiText(option.priceBani),
      isDefault: option.isDefault,
      soldOut: option.soldOut,
      allergens: [...option.allergens],
    })),
  };
}

/** 'Free' for 0, else "+4.50 lei": how an option's price reads in the editor and on the storefront. */
export function optionPriceLabel(priceBani: number): string {
  return priceBani === 0 ? 'Free' : `+${baniToLeiText(priceBani)} lei`;
}

const wholeNumber = (text: string): number => (/^\d{1,2}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

export function formToGroupInput(form: GroupForm): FormResult<GroupInput> {
  const errors: FieldErrors = {};
  const options = form.options.map((option, index) => {
    const priceBani = parseLeiToBani(option.priceText);
    if (priceBani === null) errors[`options.${index}.price`] = 'Enter a price in lei (0 for free)';
    const base = {
      name: option.name,
      nameEn: blankToNull(option.nameEn),
      priceBani: priceBani ?? 0,
      isDefault: option.isDefault,
      soldOut: option.soldOut,
      allergens: option.allergens,
    };
    return option.id === undefined ? base : { id: option.id, ...base };
  });
  const minSelections = wholeNumber(form.minText);
  const maxSelections = wholeNumber(form.maxText);
  if (Number.isNaN(minSelections)) errors.minSelections = 'Enter a whole number';
  if (Number.isNaN(maxSelections)) errors.maxSelections = 'Enter a whole number';
  const parsed = groupInputSchema.safeParse({
    name: form.name,
    description: blankToNull(form.description),
    nameEn: blankToNull(form.nameEn),
    descriptionEn: blankToNull(form.descriptionEn),
    isRequired: form.isRequired,
    minSelections: Number.isNaN(minSelections) ? 0 : minSelections,
    maxSelections: Number.isNaN(maxSelections) ? 1 : maxSelections,
    options,
  });
  if (!parsed.success) issuesToErrors(parsed.error.issues, errors);
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, value: parsed.data };
}
