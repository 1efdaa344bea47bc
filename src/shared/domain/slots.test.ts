import { describe, expect, it } from 'vitest';

import type { OpeningHours } from '../schemas/restaurant';
import { DAILY_11_TO_22, isOpenAt, localClockText, localParts } from './opening-hours';
import type { SlotQuery } from './slots';
import {
  checkSlot,
  countOrdersBySlot,
  earliestSlotStart,
  nextFreeSlots,
  openSlotsByDay,
  scheduleDates,
  SLOT_MS,
  slotKey,
  slotStartOf,
} from './slots';

// Every `now` is a fixed instant; Bucharest is UTC+2 in winter, UTC+3 in summer. 13 January 2027 is
// a Wednesday (winter time).
const WED_11_00 = new Date('2027-01-13T09:00:00Z');

const query = (overrides: Partial<SlotQuery> = {}): SlotQuery => ({
  openingHours: DAILY_11_TO_22,
  leadMinutes: 30,
  slotCapacity: 4,
  now: WED_11_00,
  ...overrides,
});

const startsOn = (days: ReturnType<typeof openSlotsByDay>, date: string) =>
  days.find((day) => day.date === date)?.slots.map((s) => s.start) ?? [];
const wallTimes = (starts: string[]) => starts.map((start) => localClockText(new Date(start)));

function hoursWith(weekly: Partial<OpeningHours['weekly']>, exceptions: OpeningHours['exceptions'] = []): OpeningHours {
  return { weekly: { ...DAILY_11_TO_22.weekly, ...weekly }, exceptions };
}

describe('the earliest slot', () => {
  it('is now + lead time rounded up to the next quarter hour', () => {
    expect(earliestSlotStart(new Date('2027-01-13T10:07:30Z'), 30).toISOString()).toBe('2027-01-13T10:45:00.000Z');
    expect(earliestSlotStart(new Date('2027-01-13T10:00:00Z'), 30).toISOString()).toBe('2027-01-13T10:30:00.000Z');
    expect(earliestSlotStart(new Date('2027-01-13T10:00:00.001Z'), 0).toISOString()).toBe('2027-01-13T10:15:00.000Z');
  });

  it('starts the day at the lead time and leaves out what is too soon', () => {
    const days = openSlotsByDay(query({ now: new Date('2027-01-13T10:07:30Z') })); // 12:07:30 local
    expect(wallTimes(startsOn(days, '2027-01-13')).slice(0, 2)).toEqual(['12:45', '13:00']);
    expect(checkSlot(query({ now: new Date('2027-01-13T10:07:30Z') }), new Date('2027-01-13T10:30:00Z'))).toMatchObject({
      ok: false,
      reason: 'too_soon',
      code: 'slot_unavailable',
    });
    expect(checkSlot(query({ now: new Date('2027-01-13T10:07:30Z') }), new Date('2027-01-13T10:00:00Z'))).toMatchObject({
      ok: false,
      reason: 'past',
    });
  });
});

describe('the slots of a week', () => {
  it('lists today and the next 6 Bucharest dates, 15 real minutes apart, within the hours', () => {
    const days = openSlotsByDay(query());
    expect(days.map((day) => day.date)).toEqual([
      '2027-01-13',
      '2027-01-14',
      '2027-01-15',
      '2027-01-16',
      '2027-01-17',
      '2027-01-18',
      '2027-01-19',
    ]);
    const today = wallTimes(startsOn(days, '2027-01-13'));
    expect(today[0]).toBe('11:30');
    expect(today.at(-1)).toBe('21:45');
    const tomorrow = startsOn(days, '2027-01-14');
    expect(tomorrow).toHaveLength(44); // 11:00 .. 21:45
    expect(tomorrow[0]).toBe('2027-01-14T09:00:00.000Z');
    expect(days[0]!.slots[0]).toEqual({ start: '2027-01-13T09:30:00.000Z', end: '2027-01-13T09:45:00.000Z' });
  });

  it('offers 21:45-22:00 as the last slot at a 22:00 close, never a slot running past closing', () => {
    const days = openSlotsByDay(query());
    expect(wallTimes(startsOn(days, '2027-01-14')).at(-1)).toBe('21:45');
    expect(checkSlot(query(), new Date('2027-01-14T19:45:00Z'))).toMatchObject({ ok: true });
    expect(checkSlot(query(), new Date('2027-01-14T20:00:00Z'))).toMatchObject({ ok: false, reason: 'outside_hours' }); // 22:00
    expect(checkSlot(query(), new Date('2027-01-14T19:55:00Z'))).toMatchObject({ ok: false, reason: 'not_on_quarter_hour' }); // 21:55
    // A close off the quarter hour: the last slot is the one that still ends by it.
    const closesAt2150 = hoursWith({ thu: [{ open: '11:00', close: '21:50' }] });
    expect(wallTimes(startsOn(openSlotsByDay(query({ openingHours: closesAt2150 })), '2027-01-14')).at(-1)).toBe('21:30');
    expect(checkSlot(query({ openingHours: closesAt2150 }), new Date('2027-01-14T19:45:00Z'))).toMatchObject({ reason: 'outside_hours' });
  });

  it('offers nothing on a closed weekday and follows holiday exceptions', () => {
    const hours = hoursWith({ fri: [] }, [
      { date: '2027-01-14', intervals: [] }, // Thursday: closed for a holiday
      { date: '2027-01-16', intervals: [{ open: '14:00', close: '18:00' }] }, // Saturday: short day
    ]);
    const days = openSlotsByDay(query({ openingHours: hours }));
    expect(startsOn(days, '2027-01-14')).toEqual([]);
    expect(startsOn(days, '2027-01-15')).toEqual([]);
    expect(wallTimes(startsOn(days, '2027-01-16'))).toEqual(
      Array.from({ length: 16 }, (_, i) => `${String(14 + Math.floor(i / 4))}:${String((i % 4) * 15).padStart(2, '0')}`),
    );
    expect(startsOn(days, '2027-01-17')).toHaveLength(44);
    expect(checkSlot(query({ openingHours: hours }), new Date('2027-01-14T10:00:00Z'))).toMatchObject({ reason: 'outside_hours' });
    expect(checkSlot(query({ openingHours: hours }), new Date('2027-01-16T12:00:00Z'))).toMatchObject({ ok: true }); // 14:00 local
    expect(checkSlot(query({ openingHours: hours }), new Date('2027-01-16T11:45:00Z'))).toMatchObject({ reason: 'outside_hours' }); // 13:45 local
  });

  it('refuses a slot past the 7th day', () => {
    // Today is 13 Jan; the last offered date is 19 Jan; 20 Jan 11:00 local is too far ahead.
    expect(checkSlot(query(), new Date('2027-01-19T19:45:00Z'))).toMatchObject({ ok: true });
    expect(checkSlot(query(), new Date('2027-01-20T09:00:00Z'))).toMatchObject({
      ok: false,
      reason: 'too_far_ahead',
      code: 'slot_unavailable',
    });
    expect(checkSlot(query(), new Date('invalid'))).toMatchObject({ ok: false, reason: 'not_on_quarter_hour' });
  });

  it('agrees with checkSlot on every quarter hour of the window', () => {
    const hours = hoursWith({ mon: [] }, [{ date: '2027-01-16', intervals: [{ open: '14:10', close: '18:00' }] }]);
    const booked = new Map([[slotKey(new Date('2027-01-14T10:00:00Z')), 4]]);
    const q = query({ openingHours: hours, booked, now: new Date('2027-01-13T10:07:30Z') });
    const offered = new Set(openSlotsByDay(q).flatMap((day) => day.slots.map((slot) => slot.start)));
    let accepted = 0;
    for (let at = Date.parse('2027-01-13T00:00:00Z'); at < Date.parse('2027-01-21T00:00:00Z'); at += SLOT_MS) {
      const ok = checkSlot(q, new Date(at)).ok;
      expect(ok, new Date(at).toISOString()).toBe(offered.has(new Date(at).toISOString()));
      if (ok) accepted += 1;
    }
    expect(accepted).toBe(offered.size);
    expect(accepted).toBeGreaterThan(200);
  });
});

describe('across midnight', () => {
  // A late kitchen is written as two intervals, one each side of midnight (the hours editor refuses
  // an interval closing before it opens).
  const lateHours = hoursWith({
    fri: [{ open: '18:00', close: '23:59' }],
    sat: [
      { open: '00:00', close: '02:00' },
      { open: '18:00', close: '23:59' },
    ],
  });

  it('puts slots after local midnight on the next Bucharest date, while UTC is still on the day before', () => {
    const days = openSlotsByDay(query({ openingHours: lateHours }));
    const friday = wallTimes(startsOn(days, '2027-01-15'));
    expect(friday[0]).toBe('18:00');
    expect(friday.at(-1)).toBe('23:30'); // 23:45-00:00 would run past the 23:59 close
    const saturday = startsOn(days, '2027-01-16');
    expect(saturday[0]).toBe('2027-01-15T22:00:00.000Z'); // 00:00 Saturday in Bucharest
    expect(wallTimes(saturday).slice(0, 8)).toEqual(['00:00', '00:15', '00:30', '00:45', '01:00', '01:15', '01:30', '01:45']);
    expect(wallTimes(saturday)[8]).toBe('18:00');
  });

  it('starts after midnight when the lead time crosses it', () => {
    const friday2340 = new Date('2027-01-15T21:40:00Z');
    const days = openSlotsByDay(query({ openingHours: lateHours, now: friday2340, leadMinutes: 15 }));
    expect(days[0]).toEqual({ date: '2027-01-15', slots: [] });
    expect(days[1]!.date).toBe('2027-01-16');
    expect(days[1]!.slots[0]!.start).toBe('2027-01-15T22:00:00.000Z');
    expect(nextFreeSlots(query({ openingHours: lateHours, now: friday2340, leadMinutes: 15 }), friday2340, 2).map((s) => s.start)).toEqual([
      '2027-01-15T22:00:00.000Z',
      '2027-01-15T22:15:00.000Z',
    ]);
  });

  it('treats an interval closing before it opens as never open, as isOpenAt does', () => {
    const overnight = hoursWith({ thu: [{ open: '18:00', close: '02:00' }] });
    expect(isOpenAt(overnight, new Date('2027-01-14T18:00:00Z'))).toBe(false); // Thu 20:00
    expect(startsOn(openSlotsByDay(query({ openingHours: overnight })), '2027-01-14')).toEqual([]);
  });
});

describe('daylight-saving changes in Europe/Bucharest', () => {
  const nightOn = (date: string) => hoursWith({}, [{ date, intervals: [{ open: '00:00', close: '06:00' }] }]);
  const expectFifteenRealMinutesApart = (starts: string[]) => {
    const gaps = starts.slice(1).map((start, i) => Date.parse(start) - Date.parse(starts[i]!));
    expect(new Set(gaps)).toEqual(new Set([SLOT_MS]));
    expect(new Set(starts).size).toBe(starts.length);
  };

  it('28 March 2027 (03:00 -> 04:00): no slot at a local time that does not exist', () => {
    const saturday2200 = new Date('2027-03-27T20:00:00Z');
    const days = openSlotsByDay(query({ openingHours: nightOn('2027-03-28'), now: saturday2200, leadMinutes: 0 }));
    const night = startsOn(days, '2027-03-28');
    // 00:00-06:00 on the wall clock is 5 real hours that night.
    expect(night).toHaveLength(20);
    expectFifteenRealMinutesApart(night);
    const labels = wallTimes(night);
    expect(labels.filter((label) => label.startsWith('03:'))).toEqual([]);
    expect(labels.slice(10, 13)).toEqual(['02:30', '02:45', '04:00']);
    expect(night[11]).toBe('2027-03-28T00:45:00.000Z');
    expect(night[12]).toBe('2027-03-28T01:00:00.000Z');
    expect(labels.at(-1)).toBe('05:45');
    // A regular day after the change is on summer time.
    expect(startsOn(openSlotsByDay(query({ now: saturday2200 })), '2027-03-28')[0]).toBe('2027-03-28T08:00:00.000Z');
    expect(startsOn(openSlotsByDay(query({ now: saturday2200 })), '2027-03-27')).toEqual([]);
  });

  it('31 October 2027 (04:00 -> 03:00): every real quarter hour once, none offered twice', () => {
    const saturday2200 = new Date('2027-10-30T19:00:00Z');
    const days = openSlotsByDay(query({ openingHours: nightOn('2027-10-31'), now: saturday2200, leadMinutes: 0 }));
    const night = startsOn(days, '2027-10-31');
    // 00:00-06:00 on the wall clock is 7 real hours that night; 03:00-03:45 are read twice, at
    // different instants (summer time, then winter time).
    expect(night).toHaveLength(28);
    expectFifteenRealMinutesApart(night);
    expect(night[0]).toBe('2027-10-30T21:00:00.000Z');
    expect(night.filter((start) => localClockText(new Date(start)) === '03:00')).toEqual([
      '2027-10-31T00:00:00.000Z',
      '2027-10-31T01:00:00.000Z',
    ]);
    expect(night.at(-1)).toBe('2027-10-31T03:45:00.000Z'); // 05:45 winter time
    // Regular days either side: 11:00 is 08:00 UTC on Saturday (summer), 09:00 UTC on Sunday (winter).
    const regular = openSlotsByDay(query({ now: new Date('2027-10-30T05:00:00Z') }));
    expect(startsOn(regular, '2027-10-30')[0]).toBe('2027-10-30T08:00:00.000Z');
    expect(startsOn(regular, '2027-10-31')[0]).toBe('2027-10-31T09:00:00.000Z');
    expect(startsOn(regular, '2027-10-31')).toHaveLength(44);
    expect(localParts(new Date(startsOn(regular, '2027-10-31').at(-1)!)).minutes).toBe(21 * 60 + 45);
  });

  it('lists 7 Bucharest dates across either change', () => {
    expect(scheduleDates(new Date('2027-03-27T21:59:00Z'))).toEqual([
      '2027-03-27',
      '2027-03-28',
      '2027-03-29',
      '2027-03-30',
      '2027-03-31',
      '2027-04-01',
      '2027-04-02',
    ]);
    expect(scheduleDates(new Date('2027-10-30T21:00:00Z'))[0]).toBe('2027-10-31'); // 00:00 Sunday, summer time
  });
});

describe('slot capacity', () => {
  const noon = new Date('2027-01-14T10:00:00Z'); // Thursday 12:00
  const quarterPast = new Date('2027-01-14T10:15:00Z');
  const halfPast = new Date('2027-01-14T10:30:00Z');

  it('leaves a full slot out and refuses it as full', () => {
    const booked = new Map([
      [slotKey(noon), 4],
      [slotKey(quarterPast), 3],
    ]);
    const days = openSlotsByDay(query({ booked }));
    const thursday = startsOn(days, '2027-01-14');
    expect(thursday).not.toContain(noon.toISOString());
    expect(thursday).toContain(quarterPast.toISOString());
    expect(checkSlot(query({ booked }), noon)).toEqual({ ok: false, reason: 'full', code: 'slot_full' });
    expect(checkSlot(query({ booked }), quarterPast)).toEqual({
      ok: true,
      slot: { start: '2027-01-14T10:15:00.000Z', end: '2027-01-14T10:30:00.000Z' },
    });
    expect(checkSlot(query({ booked, slotCapacity: 5 }), noon)).toMatchObject({ ok: true });
  });

  it('answers a full slot with the next free ones, skipping full ones', () => {
    const booked = new Map([
      [slotKey(noon), 4],
      [slotKey(quarterPast), 5],
    ]);
    expect(nextFreeSlots(query({ booked }), noon).map((slot) => slot.start)).toEqual([
      halfPast.toISOString(),
      '2027-01-14T10:45:00.000Z',
      '2027-01-14T11:00:00.000Z',
    ]);
    // At most 8, and across closing into the next day.
    const late = nextFreeSlots(query({ booked }), new Date('2027-01-14T19:30:00Z'), 20).map((slot) => slot.start);
    expect(late).toHaveLength(8);
    expect(wallTimes(late).slice(0, 2)).toEqual(['21:45', '11:00']);
    // Never before the earliest slot.
    expect(nextFreeSlots(query(), new Date('2027-01-01T00:00:00Z'), 1)[0]!.start).toBe('2027-01-13T09:30:00.000Z');
  });

  it('counts orders in the slot they are due in', () => {
    const counts = countOrdersBySlot([
      new Date('2027-01-14T10:00:00Z'),
      new Date('2027-01-14T10:14:59Z'),
      new Date('2027-01-14T10:15:00Z'),
    ]);
    expect(counts).toEqual(
      new Map([
        ['2027-01-14T10:00:00.000Z', 2],
        ['2027-01-14T10:15:00.000Z', 1],
      ]),
    );
    expect(slotStartOf(new Date('2027-01-14T10:29:59.999Z')).toISOString()).toBe('2027-01-14T10:15:00.000Z');
  });
});
