/**
 * The option group form (issue 18): a group is shared by every dish that offers it; saving sends the
 * whole group (PUT with the revision it was read at). Options keep their ids so past orders' copies
 * still name them; an option left out is removed. A price of 0 reads 'Free'.
 */
import type { EditorGroup, GroupInput } from '../../shared/schemas/menu-editor';
import { groupInputSchema } from '../../shared/schemas/menu-editor';
import type { Bani } from '../../shared/money';
import { formatLei } from '../../shared/money';
import type { Locale } from '../../shared/i18n/locales';
import { DEFAULT_LOCALE } from '../../shared/i18n/locales';
import type { AllergenCode } from '../../shared/schemas/menu';
import type { FieldErrors, FormResult } from './dish-form';
import { blankToNull, issuesToErrors } from './dish-form';
import { baniToLeiText, parseLeiToBani } from './price';
import type { Words } from './words';
import { ENGLISH_WORDS } from './words';

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

export function emptyOption(locale: Locale = DEFAULT_LOCALE): OptionForm {
  return {
    key: newOptionKey(),
    name: '',
    nameEn: '',
    priceText: baniToLeiText(0, locale),
    isDefault: false,
    soldOut: false,
    allergens: [],
  };
}

/** The forms show prices as the screen's language writes them (`locale`); both separators are read back. */
export function emptyGroupForm(locale: Locale = DEFAULT_LOCALE): GroupForm {
  return {
    name: '',
    description: '',
    nameEn: '',
    descriptionEn: '',
    isRequired: false,
    minText: '0',
    maxText: '1',
    options: [emptyOption(locale)],
  };
}

export function groupToForm(group: EditorGroup, locale: Locale = DEFAULT_LOCALE): GroupForm {
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
      priceText: baniToLeiText(option.priceBani, locale),
      isDefault: option.isDefault,
      soldOut: option.soldOut,
      allergens: [...option.allergens],
    })),
  };
}

/** 'Free' for 0, else "+4.50 lei": how an option's price reads in the editor and on the storefront. */
export function optionPriceLabel(priceBani: number, { t, locale }: Words = ENGLISH_WORDS): string {
  return priceBani === 0 ? t('menu-editor.option.free') : t('menu-editor.option.extra', { price: formatLei(priceBani as Bani, locale) });
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
