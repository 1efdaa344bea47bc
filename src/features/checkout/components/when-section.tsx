/**
 * Checkout's "When" (issue 22): "As soon as possible" or a slot, a day (today and the next 6 days)
 * and that day's free 15-minute slots of the kitchen that cooks the order. A slot refusal from the
 * server shows here with the next free slots to pick from (nothing is placed at another time without
 * the customer). The view is domain/order-timing.ts's whenView; this only draws it.
 */
import { useLocale, useT } from '../../../lib/i18n';
import { wordsText } from '../../../lib/screen-words';
import type { SlotRefusal, WhenChoice, WhenView } from '../domain/order-timing';
import {
  ASAP_TEXT,
  CLOSED_ORDER_LATER_TEXT,
  LATER_TEXT,
  NO_SLOTS_DAY_TEXT,
  SLOTS_NEED_CONNECTION_TEXT,
  slotDateTimeText,
  slotTimeText,
} from '../domain/order-timing';

export interface WhenSectionProps {
  view: WhenView;
  /** Why the slot list is not shown: offline / failed, still loading, no kitchen chosen yet; null when shown. */
  slotsState: 'offline' | 'loading' | 'no-kitchen' | null;
  refusal: SlotRefusal | null;
  onChange(choice: WhenChoice): void;
  onPickRefusalSlot(slotStart: string): void;
}

export function WhenSection({ view, slotsState, refusal, onChange, onPickRefusalSlot }: WhenSectionProps) {
  const later = view.choice.type === 'slot';
  const day = view.days.find((d) => d.date === view.selectedDate);
  const t = useT();
  const locale = useLocale();
  const title = t('checkout.when.title');
  return (
    <section className="checkout-section" aria-labelledby="checkout-when-title">
      <h2 id="checkout-when-title" className="checkout-section__title">
        {title}
      </h2>
      {!view.asapOffered ? (
        <p className="checkout-section__hint" data-testid="checkout-order-later">
          {t(CLOSED_ORDER_LATER_TEXT)}
        </p>
      ) : null}
      {refusal ? (
        <div className="checkout-notice checkout-notice--warning checkout-when__refusal" role="alert">
          <p>{wordsText(t, refusal.message)}</p>
          {refusal.nextSlots.length > 0 ? (
            <>
              <p>{t('checkout.when.nextFree')}</p>
              <div className="checkout-when__next">
                {refusal.nextSlots.map((slot) => (
                  <button key={slot.start} type="button" className="button button--outline" onClick={() => onPickRefusalSlot(slot.start)}>
                    {slotDateTimeText(slot.start, locale)}
                  </button>
                ))}
              </div>
            </>
          ) : (
            <p>{t('checkout.when.noneLeft', { days: 7 })}</p>
          )}
        </div>
      ) : null}
      <div className="checkout-toggle" role="radiogroup" aria-label={title}>
        {view.asapOffered ? (
          <label className={`checkout-toggle__option${!later ? ' checkout-toggle__option--active' : ''}`}>
            <input type="radio" name="checkout-when" value="asap" checked={!later} onChange={() => onChange({ type: 'asap' })} />
            {t(ASAP_TEXT)}
          </label>
        ) : null}
        <label className={`checkout-toggle__option${later ? ' checkout-toggle__option--active' : ''}`}>
          <input
            type="radio"
            name="checkout-when"
            value="later"
            checked={later}
            onChange={() => onChange({ type: 'slot', date: null, slotStart: null })}
          />
          {t(LATER_TEXT)}
        </label>
      </div>
      {later && slotsState === 'offline' ? (
        <p className="checkout-notice checkout-notice--warning" role="status">
          {t(SLOTS_NEED_CONNECTION_TEXT)}
        </p>
      ) : null}
      {later && slotsState === 'loading' ? <p className="checkout-section__hint">{t('checkout.when.loading')}</p> : null}
      {later && slotsState === 'no-kitchen' ? <p className="checkout-section__hint">{t('checkout.when.noKitchen')}</p> : null}
      {later && slotsState === null ? (
        <div className="checkout-when">
          <div className="checkout-when__days" role="radiogroup" aria-label={t('checkout.when.day')}>
            {view.days.map((d) => (
              <label key={d.date} className={`checkout-when__day${d.date === view.selectedDate ? ' checkout-when__day--active' : ''}`}>
                <input
                  type="radio"
                  name="checkout-when-day"
                  value={d.date}
                  checked={d.date === view.selectedDate}
                  onChange={() => onChange({ type: 'slot', date: d.date, slotStart: null })}
                />
                <span>{wordsText(t, d.label)}</span>
                {d.slots.length === 0 ? <span className="checkout-when__day-hint">{t('checkout.when.fullOrClosed')}</span> : null}
              </label>
            ))}
          </div>
          {day && day.slots.length > 0 ? (
            <div
              className="checkout-when__slots"
              role="radiogroup"
              aria-label={t('checkout.when.slotsOfDay', { day: wordsText(t, day.label) })}
            >
              {day.slots.map((slot) => (
                <label
                  key={slot.start}
                  className={`checkout-when__slot${slot.start === view.selectedSlotStart ? ' checkout-when__slot--active' : ''}`}
                >
                  <input
                    type="radio"
                    name="checkout-when-slot"
                    value={slot.start}
                    checked={slot.start === view.selectedSlotStart}
                    onChange={() => onChange({ type: 'slot', date: day.date, slotStart: slot.start })}
                  />
                  <span>{slotTimeText(slot.start)}</span>
                </label>
              ))}
            </div>
          ) : (
            <p className="checkout-section__hint">{t(NO_SLOTS_DAY_TEXT)}</p>
          )}
        </div>
      ) : null}
    </section>
  );
}
