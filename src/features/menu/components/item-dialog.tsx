/**
 * Item customisation (spec §2 "Item customisation dialog", §5): modifier groups with their range and
 * Required/Optional/Multi-select badges, special instructions, quantity ≥ 1 and the add button, which
 * reads 'Select Required Options' until every required group has its minimum. The parent mounts it
 * per opening, so quantity, choices and note start fresh every time. Per-kg dishes (issue 27) get a
 * weight stepper in the restaurant's steps for the dish and are priced by the portion.
 */
import { useId, useState } from 'react';

import { useMenuText } from '../../../components/menu-text';
import { Dialog } from '../../../components/dialog';
import { useDishWords } from '../../../components/dish-words';
import { MinusIcon, PlusIcon } from '../../../components/icons';
import { useServerNow } from '../../../entities/restaurant/api/server-clock';
import { useLocale, useT } from '../../../lib/i18n';
import { DIALOG_PHOTO_SIZES, photoSources } from '../../../shared/dish-facts';
import type { CartAddition, CartModifier } from '../../../shared/domain/cart';
import { cartLineTotalBani } from '../../../shared/domain/cart';
import { isSelectionComplete, toggleOption } from '../../../shared/domain/modifier-rules';
import type { Weighing } from '../../../shared/domain/weight-pricing';
import { formatWeight, nextWeight, portionPriceBani, weighingOf } from '../../../shared/domain/weight-pricing';
import type { MenuItem, ModifierGroup } from '../../../shared/schemas/menu';
import { MAX_ITEM_QUANTITY, MAX_SPECIAL_INSTRUCTIONS_LENGTH } from '../../../shared/schemas/menu';
import { asBani, formatLei } from '../../../shared/money';
import { dialogGroups } from '../item-dialog-groups';
import { PLACEHOLDER_IMAGE } from './menu-item-card';
import './item-dialog.css';

export const MIN_DIALOG_QUANTITY = 1;

function GroupFieldset({
  group,
  selected,
  onToggle,
}: {
  group: ModifierGroup;
  selected: readonly number[];
  onToggle(optionId: number): void;
}) {
  const t = useT();
  const locale = useLocale();
  const text = useMenuText();
  const words = useDishWords();
  const full = selected.length >= group.maxSelections;
  const description = text.description(group);
  return (
    <fieldset className="modifier-group">
      <legend className="modifier-group__legend">
        <span className="modifier-group__name">{text.name(group)}</span>
        <span className={`chip ${group.isRequired ? 'chip--required' : ''}`}>
          {group.isRequired ? t('menu.dialog.required') : t('menu.dialog.optional')}
        </span>
        {group.allowMultiple ? <span className="chip">{t('menu.dialog.multiSelect')}</span> : null}
      </legend>
      {description ? <p className="modifier-group__description">{description}</p> : null}
      <p className="modifier-group__range">{t('menu.dialog.range', { min: group.minSelections, max: group.maxSelections })}</p>
      {group.options.map((option) => {
        const checked = selected.includes(option.id);
        return (
          <label key={option.id} className="modifier-option">
            <input
              type={group.allowMultiple ? 'checkbox' : 'radio'}
              name={`group-${group.id}`}
              checked={checked}
              disabled={option.soldOut || (group.allowMultiple && full && !checked)}
              onChange={() => onToggle(option.id)}
            />
            <span className="modifier-option__name">
              {text.name(option)}
              {option.allergens.length > 0 ? (
                <span className="modifier-option__allergens">
                  <span className="visually-hidden">{t('menu.card.allergens')} </span>
                  {option.allergens.map(words.allergenShort).join(', ')}
                </span>
              ) : null}
            </span>
            <span className="modifier-option__price">
              {option.soldOut
                ? t('menu.soldOut')
                : option.priceBani === 0
                  ? t('menu.dialog.free')
                  : t('menu.dialog.optionPrice', { price: formatLei(asBani(option.priceBani), locale).toUpperCase() })}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** The weight stepper of a per-kg dish: the portion, its price and the final-weighing note. */
function WeightStepper({
  weighing,
  grams,
  pricePerKgBani,
  onChange,
}: {
  weighing: Weighing;
  grams: number;
  pricePerKgBani: number;
  onChange(grams: number): void;
}) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const down = nextWeight(weighing, grams, -1);
  const up = nextWeight(weighing, grams, 1);
  return (
    <div className="item-dialog__weight">
      <p id={`${id}-label`} className="item-dialog__heading">
        {t('menu.dialog.weight')}
      </p>
      <div className="item-dialog__weight-row">
        <div className="stepper" role="group" aria-labelledby={`${id}-label`}>
          <button
            type="button"
            className="icon-button"
            aria-label={t('menu.dialog.decreaseWeight')}
            disabled={down === grams}
            onClick={() => onChange(down)}
          >
            <MinusIcon size={18} />
          </button>
          <output className="stepper__value stepper__value--wide" aria-live="polite" data-testid="dialog-weight">
            {formatWeight(grams, locale)}
          </output>
          <button
            type="button"
            className="icon-button"
            aria-label={t('menu.dialog.increaseWeight')}
            disabled={up === grams}
            onClick={() => onChange(up)}
          >
            <PlusIcon size={18} />
          </button>
        </div>
        <span className="item-dialog__weight-price" data-testid="dialog-weight-price">
          {formatLei(portionPriceBani(asBani(pricePerKgBani), grams), locale)}
        </span>
      </div>
      <p className="item-dialog__weight-note">
        {t('menu.dialog.weightNote', { step: formatWeight(weighing.stepGrams, locale), min: formatWeight(weighing.minGrams, locale) })}
      </p>
    </div>
  );
}

/** Availability is checked again this often while the dialog is open (a window may open or close). */
const DIALOG_AVAILABILITY_TICK_MS = 15_000;

/** The uploaded photo at the dialog's width (640 or 1280), its box reserved from its size; else the seeded picture. */
function DialogPicture({ item }: { item: MenuItem }) {
  if (!item.photo) return <img className="item-dialog__image" src={item.image ?? PLACEHOLDER_IMAGE} alt="" width={560} height={300} />;
  const photo = photoSources(item.photo);
  return (
    <picture>
      <source type="image/avif" srcSet={photo.avifSrcSet} sizes={DIALOG_PHOTO_SIZES} />
      <source type="image/webp" srcSet={photo.webpSrcSet} sizes={DIALOG_PHOTO_SIZES} />
      <img
        className="item-dialog__image item-dialog__image--photo"
        src={photo.src}
        alt=""
        width={item.photo.width}
        height={item.photo.height}
      />
    </picture>
  );
}

/** Allergens (the regulation's names), "May contain: …" and the dietary tags; nothing when the dish has none. */
function DishFacts({ item, headingId }: { item: MenuItem; headingId: string }) {
  const t = useT();
  const words = useDishWords();
  if (item.allergens.length === 0 && !item.mayContain && item.dietaryTags.length === 0) return null;
  return (
    <section className="item-dialog__facts" aria-labelledby={headingId} data-testid="dialog-allergens">
      <h3 id={headingId} className="item-dialog__heading">
        {t('menu.dialog.facts')}
      </h3>
      {item.dietaryTags.length > 0 ? (
        <ul className="item-dialog__tags" aria-label={t('menu.dialog.dietaryTags')}>
          {item.dietaryTags.map((tag) => (
            <li key={tag} className={`menu-card__tag menu-card__tag--${tag}`}>
              {words.tag(tag)}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="item-dialog__allergens">
        {item.allergens.length > 0
          ? t('menu.dialog.contains', { allergens: item.allergens.map(words.allergenFull).join(', ') })
          : t('menu.dialog.containsNone')}
      </p>
      {item.mayContain ? <p className="item-dialog__may-contain">{t('menu.dialog.mayContain', { text: item.mayContain })}</p> : null}
    </section>
  );
}

export function ItemDialog({ item, onClose, onAdd }: { item: MenuItem; onClose(): void; onAdd(addition: CartAddition): void }) {
  const [quantity, setQuantity] = useState(MIN_DIALOG_QUANTITY);
  const weighing = weighingOf(item);
  // Per-kg dishes start at the smallest portion the restaurant sells.
  const [weightGrams, setWeightGrams] = useState(weighing?.minGrams ?? 0);
  const [selection, setSelection] = useState<ReadonlyMap<number, readonly number[]>>(new Map());
  const [note, setNote] = useState('');
  const noteId = useId();
  const t = useT();
  const locale = useLocale();
  const text = useMenuText();
  const words = useDishWords();
  const availableFrom = words.availableFrom(item.availability, useServerNow(DIALOG_AVAILABILITY_TICK_MS));
  const description = text.description(item);

  const { shown: groups, missingRequired: groupsMissing } = dialogGroups(item.modifierGroups);
  const complete = !groupsMissing && isSelectionComplete(groups, selection);
  const selectedModifiers: CartModifier[] = groups.flatMap((group) =>
    group.options
      .filter((option) => selection.get(group.id)?.includes(option.id))
      .map((option) => ({
        modifierId: option.id,
        modifierGroupId: group.id,
        name: option.name,
        sku: option.sku,
        priceBani: option.priceBani,
      })),
  );
  const weight = weighing ? { weightGrams } : {};
  const total = cartLineTotalBani({ unitPriceBani: item.priceBani, selectedModifiers, quantity, ...weight });
  // An option chosen before it sold out (the menu updates live) blocks adding; the server refuses it too.
  const soldOutChosen = groups.some((group) => group.options.some((o) => o.soldOut && selection.get(group.id)?.includes(o.id)));
  const canAdd = complete && !item.soldOut && !soldOutChosen && availableFrom === null;

  return (
    <Dialog title={text.name(item)} closeLabel={t('menu.dialog.close')} onClose={onClose} className="item-dialog">
      <DialogPicture item={item} />
      <div className="item-dialog__content">
        {description ? <p className="item-dialog__description">{description}</p> : null}
        <p className="item-dialog__price">
          {formatLei(asBani(item.priceBani), locale)} <span className="menu-card__unit">/ {item.unit}</span>
        </p>
        {availableFrom && !item.soldOut ? (
          <p className="item-dialog__available-from" role="status">
            {availableFrom}
          </p>
        ) : null}
        <DishFacts item={item} headingId={`${noteId}-facts`} />
        {weighing ? (
          <WeightStepper weighing={weighing} grams={weightGrams} pricePerKgBani={item.priceBani} onChange={setWeightGrams} />
        ) : null}
        {groupsMissing ? (
          <p className="item-dialog__warning" role="alert">
            {t('menu.dialog.groupsMissing')}
          </p>
        ) : null}
        {groups.length > 0 && !groupsMissing ? (
          <section aria-labelledby={`${noteId}-options`}>
            <h3 id={`${noteId}-options`} className="item-dialog__heading">
              {t('menu.dialog.options')}
            </h3>
            {groups.map((group) => (
              <GroupFieldset
                key={group.id}
                group={group}
                selected={selection.get(group.id) ?? []}
                onToggle={(optionId) =>
                  setSelection((current) => new Map(current).set(group.id, toggleOption(group, current.get(group.id) ?? [], optionId)))
                }
              />
            ))}
          </section>
        ) : null}
        <div className="field">
          <label htmlFor={noteId}>{t('menu.dialog.note')}</label>
          <textarea
            id={noteId}
            rows={2}
            maxLength={MAX_SPECIAL_INSTRUCTIONS_LENGTH}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            placeholder={t('menu.dialog.notePlaceholder')}
          />
        </div>
      </div>
      <div className="item-dialog__actions">
        <div className="stepper" role="group" aria-label={t('menu.dialog.quantity')}>
          <button
            type="button"
            className="icon-button"
            aria-label={t('menu.dialog.decreaseQuantity')}
            disabled={quantity <= MIN_DIALOG_QUANTITY}
            onClick={() => setQuantity((q) => Math.max(MIN_DIALOG_QUANTITY, q - 1))}
          >
            <MinusIcon size={18} />
          </button>
          <output className="stepper__value" aria-live="polite" data-testid="dialog-quantity">
            {quantity}
          </output>
          <button
            type="button"
            className="icon-button"
            aria-label={t('menu.dialog.increaseQuantity')}
            disabled={quantity >= MAX_ITEM_QUANTITY}
            onClick={() => setQuantity((q) => Math.min(MAX_ITEM_QUANTITY, q + 1))}
          >
            <PlusIcon size={18} />
          </button>
        </div>
        <button
          type="button"
          className="button item-dialog__add"
          disabled={!canAdd}
          onClick={() =>
            onAdd({
              menuItemId: item.id,
              name: item.name,
              sku: item.sku,
              unitPriceBani: item.priceBani,
              quantity,
              selectedModifiers,
              specialInstructions: note.trim(),
              imageUrl: item.image,
              ...weight,
            })
          }
        >
          {item.soldOut
            ? t('menu.soldOut')
            : availableFrom
              ? availableFrom
              : soldOutChosen
                ? t('menu.dialog.optionSoldOut')
                : complete
                  ? t('menu.dialog.addToCart', { total: formatLei(total, locale) })
                  : t('menu.dialog.selectRequired')}
        </button>
      </div>
    </Dialog>
  );
}
