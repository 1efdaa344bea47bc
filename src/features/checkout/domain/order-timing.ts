/**
 * Checkout's "When" (issue 22, orders for later) as pure values: the customer's choice (as soon as
 * possible, or a day and a 15-minute slot), what the picker shows for it given the kitchen's slots
 * (GET /api/locations/:id/slots), the `when` the order body sends, and how a slot refusal (409
 * slot_full / 422 slot_unavailable with details.nextSlots) reads. The server lists the slots and
 * re-checks the chosen one when the order arrives; nothing here decides availability
 * (docs/decisions/0142-checkout-when-picker.md).
 */
import type { MessageId } from '../../../lib/i18n';
import type { Words } from '../../../lib/screen-words';
import { localClockText, localParts } from '../../../shared/domain/opening-hours';
import type { Locale } from '../../../shared/i18n/locales';
import { DEFAULT_LOCALE } from '../../../shared/i18n/locales';
import type { OrderTiming, Slot, SlotsResponse } from '../../../shared/schemas/scheduling';
import { slotRefusalDetailsSchema } from '../../../shared/schemas/scheduling';

/**
 * The refusal codes as literals (SLOT_FULL_CODE / SLOT_UNAVAILABLE_CODE of the contract): importing the
 * constants keeps them in the schemas' chunk, which every page loads first (the P1 budget).
 */
const SLOT_REFUSAL_CODES: ReadonlySet<string> = new Set(['slot_full', 'slot_unavailable']);

export const ASAP_TEXT: MessageId = 'checkout.when.asap';
export const LATER_TEXT: MessageId = 'checkout.when.later';
export const TIME_SLOT_TEXT: MessageId = 'checkout.when.timeSlot';
export const SLOTS_NEED_CONNECTION_TEXT: MessageId = 'checkout.when.needsConnection';
export const CLOSED_ORDER_LATER_TEXT: MessageId = 'checkout.when.closedOrderLater';
export const NO_SLOTS_DAY_TEXT: MessageId = 'checkout.when.noSlotsDay';

/** What the customer chose. `date` and `slotStart` stay null until picked (the first open day is shown). */
export type WhenChoice = { type: 'asap' } | { type: 'slot'; date: string | null; slotStart: string | null };

export const ASAP_CHOICE: WhenChoice = { type: 'asap' };

/** Short day and month names as each language writes dates ("Sun 22 Nov", "dum. 22 nov."). */
const WEEKDAY_NAMES: Record<Locale, readonly string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  ro: ['dum.', 'lun.', 'mar.', 'mie.', 'joi', 'vin.', 'sâm.'],
};
const MONTH_NAMES: Record<Locale, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  ro: ['ian.', 'feb.', 'mar.', 'apr.', 'mai', 'iun.', 'iul.', 'aug.', 'sept.', 'oct.', 'nov.', 'dec.'],
};
const MS_PER_DAY = 86_400_000;

function utcDayOf(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
}

/** "Sun 22 Nov" ("dum. 22 nov.") for a YYYY-MM-DD calendar date (no zone involved: the date is already Bucharest's). */
export function shortDateText(date: string, locale: Locale = DEFAULT_LOCALE): string {
  const day = utcDayOf(date);
  return `${WEEKDAY_NAMES[locale][day.getUTCDay()]} ${day.getUTCDate()} ${MONTH_NAMES[locale][day.getUTCMonth()]}`;
}

/** The day picker's name for a Bucharest date: "Today", "Tomorrow", else "Mon 30 Nov". */
export function dayLabel(date: string, today: string, locale: Locale = DEFAULT_LOCALE): Words {
  const days = Math.round((utcDayOf(date).getTime() - utcDayOf(today).getTime()) / MS_PER_DAY);
  if (days === 0) return 'checkout.when.today';
  if (days === 1) return 'checkout.when.tomorrow';
  return { verbatim: shortDateText(date, locale) };
}

/** "18:00": a slot's start on the Bucharest wall clock. */
export function slotTimeText(iso: string): string {
  return localClockText(new Date(iso));
}

/** "Sun 22 Nov, 18:00": a slot with its day, for the refusal's next free slots and the summary. */
export function slotDateTimeText(iso: string, locale: Locale = DEFAULT_LOCALE): string {
  const at = new Date(iso);
  return `${shortDateText(localParts(at).date, locale)}, ${localClockText(at)}`;
}

export interface WhenDay {
  date: string;
  label: Words;
  slots: Slot[];
}

/** What the "When" section shows for a choice. */
export interface WhenView {
  /** "As soon as possible" is offered (hidden only when the server says the kitchen cannot take one now). */
  asapOffered: boolean;
  /** The choice in effect: a chosen ASAP that is not offered becomes "for later". */
  choice: WhenChoice;
  /** The days with their free slots; empty while unknown (loading, offline). */
  days: WhenDay[];
  /** The day shown: the chosen one, else the first with a free slot, else the first. */
  selectedDate: string | null;
  /** The chosen slot when it is still offered (or when the list is unknown: the server re-checks it). */
  selectedSlotStart: string | null;
}

/**
 * The picker's view. `slots` is the kitchen's answer (undefined while unknown: loading, offline, no
 * kitchen yet); `today` is the server's Bucharest date (for "Today"/"Tomorrow"); `asapWithoutSlots`
 * whether to offer "As soon as possible" while the answer is unknown (the checkout's own open/closed
 * reading, so offline ASAP stays while the kitchen is open).
 */
export function whenView(
  choice: WhenChoice,
  slots: SlotsResponse | undefined,
  today: string,
  asapWithoutSlots = true,
  locale: Locale = DEFAULT_LOCALE,
): WhenView {
  const asapOffered = slots?.asapAvailable ?? asapWithoutSlots;
  const effective: WhenChoice = choice.type === 'asap' && !asapOffered ? { type: 'slot', date: null, slotStart: null } : choice;
  const days = (slots?.days ?? []).map((day) => ({ date: day.date, label: dayLabel(day.date, today, locale), slots: day.slots }));
  if (effective.type === 'asap') return { asapOffered, choice: effective, days, selectedDate: null, selectedSlotStart: null };
  const selectedDate =
    (effective.date !== null && days.some((day) => day.date === effective.date) ? effective.date : null) ??
    days.find((day) => day.slots.length > 0)?.date ??
    days[0]?.date ??
    effective.date;
  const offered = slots === undefined || days.some((day) => day.slots.some((slot) => slot.start === effective.slotStart));
  return { asapOffered, choice: effective, days, selectedDate, selectedSlotStart: offered ? effective.slotStart : null };
}

/** The order body's `when`, or null while "for later" has no slot chosen yet (the form says what is missing). */
export function whenInput(view: WhenView): OrderTiming | null {
  if (view.choice.type === 'asap') return { type: 'asap' };
  return view.selectedSlotStart ? { type: 'slot', slotStart: view.selectedSlotStart } : null;
}

/** A slot refusal from the server: its message and the next free slots to pick from. */
export interface SlotRefusal {
  code: 'slot_full' | 'slot_unavailable';
  message: Words;
  nextSlots: Slot[];
}

/** The refusal when `code` is a slot refusal (details.nextSlots read through the contract), else null. */
export function slotRefusalOf(refusal: { code: string; message: string; details?: unknown } | null): SlotRefusal | null {
  if (!refusal || !SLOT_REFUSAL_CODES.has(refusal.code)) return null;
  const details = slotRefusalDetailsSchema.safeParse(refusal.details);
  return {
    code: refusal.code === 'slot_full' ? 'slot_full' : 'slot_unavailable',
    message: refusal.message ? { verbatim: refusal.message } : 'checkout.when.slotUnavailable',
    nextSlots: details.success ? details.data.nextSlots : [],
  };
}

/** The choice after picking one of the refusal's next free slots (its own day). */
export function choiceForSlot(slotStart: string): WhenChoice {
  return { type: 'slot', date: localParts(new Date(slotStart)).date, slotStart };
}
