import { everyWordOf } from '../../../../tests/fixtures/every-word';
import { beforeAll, describe, expect, it } from 'vitest';

import type { Translate } from '../../../lib/i18n';
import type { Words } from '../../../lib/screen-words';
import { wordsText } from '../../../lib/screen-words';

import type { SlotsResponse } from '../../../shared/schemas/scheduling';
import {
  ASAP_CHOICE,
  choiceForSlot,
  dayLabel,
  shortDateText,
  slotDateTimeText,
  slotRefusalOf,
  slotTimeText,
  whenInput,
  whenView,
} from './order-timing';

/** The English the screen shows (the catalogue's own runtime): the spec's texts are a contract. */
let t: Translate;
beforeAll(async () => {
  const english = everyWordOf('en');
  t = (id, values) => english._(id, values);
});
const english = (words: Words | null) => (words === null ? null : wordsText(t, words));

const slot = (start: string) => ({ start, end: new Date(Date.parse(start) + 15 * 60_000).toISOString() });
const TODAY = '2026-11-22';
const response = (asapAvailable: boolean): SlotsResponse => ({
  locationId: 2,
  asapAvailable,
  days: [
    { date: '2026-11-22', slots: [] },
    { date: '2026-11-23', slots: [slot('2026-11-23T11:00:00.000Z'), slot('2026-11-23T11:15:00.000Z')] },
    { date: '2026-11-30', slots: [slot('2026-11-30T09:00:00.000Z')] },
  ],
});

describe('day and slot names (Europe/Bucharest)', () => {
  it('names today, tomorrow, then "Mon 30 Nov"', () => {
    expect(english(dayLabel('2026-11-22', TODAY))).toBe('Today');
    expect(english(dayLabel('2026-11-23', TODAY))).toBe('Tomorrow');
    expect(english(dayLabel('2026-11-30', TODAY))).toBe('Mon 30 Nov');
    // Across a month and a year end, by calendar days.
    expect(english(dayLabel('2027-01-01', '2026-12-31'))).toBe('Tomorrow');
    expect(shortDateText('2027-01-01')).toBe('Fri 1 Jan');
  });

  it('reads slot instants on the Bucharest wall clock, 24-hour, across the autumn change', () => {
    expect(slotTimeText('2026-11-23T11:00:00.000Z')).toBe('13:00');
    expect(slotDateTimeText('2026-11-22T16:00:00.000Z')).toBe('Sun 22 Nov, 18:00');
    // 25 Oct 2026 is the last Sunday of October: 00:00 UTC is 03:00 summer time, 01:00 UTC is 03:00 winter time.
    expect(slotTimeText('2026-10-25T00:00:00.000Z')).toBe('03:00');
    expect(slotTimeText('2026-10-25T01:00:00.000Z')).toBe('03:00');
    // 22:30 UTC on the 22nd is 00:30 on the 23rd in Bucharest.
    expect(slotDateTimeText('2026-11-22T22:30:00.000Z')).toBe('Mon 23 Nov, 00:30');
  });
});

describe('whenView / whenInput', () => {
  it('as soon as possible sends asap', () => {
    const view = whenView(ASAP_CHOICE, response(true), TODAY);
    expect(view.asapOffered).toBe(true);
    expect(whenInput(view)).toEqual({ type: 'asap' });
  });

  it('hides ASAP when the server says it cannot be taken now, and asks for a slot instead', () => {
    const view = whenView(ASAP_CHOICE, response(false), TODAY);
    expect(view.asapOffered).toBe(false);
    expect(view.choice.type).toBe('slot');
    expect(whenInput(view)).toBeNull();
    // Unknown slots (offline): the checkout's own reading decides.
    expect(whenView(ASAP_CHOICE, undefined, TODAY, false).asapOffered).toBe(false);
    expect(whenView(ASAP_CHOICE, undefined, TODAY).asapOffered).toBe(true);
  });

  it('shows the first day with a free slot until a day is chosen, and sends only an offered slot', () => {
    const fresh = whenView({ type: 'slot', date: null, slotStart: null }, response(true), TODAY);
    expect(fresh.selectedDate).toBe('2026-11-23');
    expect(fresh.days.map((d) => english(d.label))).toEqual(['Today', 'Tomorrow', 'Mon 30 Nov']);
    const chosen = whenView(choiceForSlot('2026-11-23T11:15:00.000Z'), response(true), TODAY);
    expect(chosen.selectedDate).toBe('2026-11-23');
    expect(whenInput(chosen)).toEqual({ type: 'slot', slotStart: '2026-11-23T11:15:00.000Z' });
    // A slot no longer listed (filled up meanwhile) is not sent: the customer picks again.
    const gone = whenView(choiceForSlot('2026-11-23T11:30:00.000Z'), response(true), TODAY);
    expect(gone.selectedSlotStart).toBeNull();
    expect(whenInput(gone)).toBeNull();
    // The list unknown (offline, a queued order): the chosen slot is kept; the server re-checks it.
    expect(whenInput(whenView(choiceForSlot('2026-11-23T11:30:00.000Z'), undefined, TODAY))).toEqual({
      type: 'slot',
      slotStart: '2026-11-23T11:30:00.000Z',
    });
  });
});

describe('slotRefusalOf', () => {
  it('reads 409 slot_full and 422 slot_unavailable with their next free slots; other refusals are not slot refusals', () => {
    const next = [slot('2026-11-23T11:15:00.000Z')];
    expect(slotRefusalOf({ code: 'slot_full', message: 'Full.', details: { nextSlots: next } })).toEqual({
      code: 'slot_full',
      message: { verbatim: 'Full.' },
      nextSlots: next,
    });
    expect(slotRefusalOf({ code: 'slot_unavailable', message: '', details: null })).toEqual({
      code: 'slot_unavailable',
      message: 'checkout.when.slotUnavailable',
      nextSlots: [],
    });
    expect(english(slotRefusalOf({ code: 'slot_unavailable', message: '' })!.message)).toBe(
      'This time slot is not available. Please pick another one.',
    );
    expect(slotRefusalOf({ code: 'restaurant_closed', message: 'Closed.' })).toBeNull();
    expect(slotRefusalOf(null)).toBeNull();
  });
});
