/**
 * Orders for later (issue 22): the 15-minute slots a kitchen offers, today and the next 6 days in
 * Europe/Bucharest, and the check of one requested slot when an order arrives. Pure: `now` is the
 * caller's clock reading, the orders each slot already holds are passed in. The API is the authority
 * (GET /api/locations/:id/slots, the re-check on POST /api/orders); the PWA only displays.
 *
 * The rules (docs/decisions/0134-slot-rules.md):
 * - Slots are instants 15 real minutes apart on the quarter hours. Bucharest's offset from UTC is a
 *   whole number of hours, so a quarter hour in UTC is a quarter hour on the local wall clock; stepping
 *   instants (not wall times) means the spring change offers no 03:xx slot (that hour does not exist)
 *   and the autumn change offers each real quarter hour once.
 * - The earliest slot starts at now + leadMinutes rounded up to the next quarter hour.
 * - A slot is offered when the kitchen is open at its start (opening-hours.ts's isOpenAt reading: the
 *   local date's exception, else its weekday; an interval is [open, close)) and the whole slot fits
 *   in that interval: with 11:00-22:00 the last slot is 21:45-22:00. An interval whose close is not
 *   after its open is never open (isOpenAt's reading; the hours editor refuses it), so a night
 *   kitchen is two intervals, one each side of midnight.
 * - A slot holding slotCapacity orders or more is full: not offered, refused with 409.
 */
import type { OpeningHours } from '../schemas/restaurant';
import type { Slot } from '../schemas/scheduling';
import { SCHEDULE_DAYS_AHEAD, SLOT_CAPACITY_MAX, SLOT_MINUTES } from '../schemas/locations';
import { SLOT_FULL_CODE, SLOT_UNAVAILABLE_CODE } from '../schemas/scheduling';
import { intervalsFor, localParts, timeToMinutes, zonedWallTimeToDate } from './opening-hours';

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 24 * 60 * MS_PER_MINUTE;
export const SLOT_MS = SLOT_MINUTES * MS_PER_MINUTE;
/** slotRefusalDetailsSchema allows at most 8 next slots in a refusal. */
export const MAX_NEXT_SLOTS = 8;
export const DEFAULT_NEXT_SLOTS = 3;

/** What a kitchen's slots depend on (a Location carries all three). */
export interface SlotRules {
  openingHours: OpeningHours;
  leadMinutes: number;
  slotCapacity: number;
}

export interface SlotQuery extends SlotRules {
  /** The injectable clock's reading. */
  now: Date;
  /**
   * Orders each slot already holds, by slotKey(start). ASAP orders count in the slot they are due
   * in (slotStartOf their due time); countOrdersBySlot builds this map.
   */
  booked?: ReadonlyMap<string, number>;
}

export interface SlotDay {
  /** YYYY-MM-DD in Europe/Bucharest. */
  date: string;
  /** The slots still open that day, earliest first; empty on a closed day or when all are full or past. */
  slots: Slot[];
}

/** The map key of a slot: its start as `Date#toISOString()` (UTC, milliseconds). */
export function slotKey(start: Date): string {
  return start.toISOString();
}

/** The slot an instant falls in (its quarter hour, rounded down). */
export function slotStartOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / SLOT_MS) * SLOT_MS);
}

/** Orders per slot from their due times (a scheduled order's slot start, an ASAP order's ready time). */
export function countOrdersBySlot(dueTimes: Iterable<Date>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const due of dueTimes) {
    const key = slotKey(slotStartOf(due));
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** now + leadMinutes, rounded up to the next quarter hour (unchanged when already on one). */
export function earliestSlotStart(now: Date, leadMinutes: number): Date {
  return new Date(Math.ceil((now.getTime() + leadMinutes * MS_PER_MINUTE) / SLOT_MS) * SLOT_MS);
}

/** YYYY-MM-DD plus whole days (calendar arithmetic, no zone involved). */
export function addDaysToDate(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The Bucharest dates slots are offered on: today and the next SCHEDULE_DAYS_AHEAD - 1 days. */
export function scheduleDates(now: Date): string[] {
  const today = localParts(now).date;
  return Array.from({ length: SCHEDULE_DAYS_AHEAD }, (_, offset) => addDaysToDate(today, offset));
}

function toSlot(start: Date): Slot {
  return { start: start.toISOString(), end: new Date(start.getTime() + SLOT_MS).toISOString() };
}

/**
 * Whether the kitchen's hours hold the whole slot starting at `start` (open at its start, still within
 * the same interval at its end), read on the local wall clock as isOpenAt reads it.
 */
export function isWithinHours(hours: OpeningHours, start: Date): boolean {
  const at = localParts(start);
  const interval = intervalsFor(hours, at).find((candidate) => {
    const open = timeToMinutes(candidate.open);
    const close = timeToMinutes(candidate.close);
    return at.minutes >= open && at.minutes < close;
  });
  if (!interval) return false;
  const end = localParts(new Date(start.getTime() + SLOT_MS));
  return end.date === at.date && end.minutes <= timeToMinutes(interval.close);
}

function isFull(query: SlotQuery, start: Date): boolean {
  // A capacity outside the schema's range is treated as the schema's bound, never as "unlimited".
  const capacity = Math.min(Math.max(Math.trunc(query.slotCapacity), 0), SLOT_CAPACITY_MAX);
  return (query.booked?.get(slotKey(start)) ?? 0) >= capacity;
}

/** The first instant after the schedule window: midnight (Bucharest) after its last date. */
function windowEnd(now: Date): Date {
  const dates = scheduleDates(now);
  return zonedWallTimeToDate(addDaysToDate(dates[dates.length - 1]!, 1), '00:00');
}

/** Every slot still open (within hours, not too soon, not full), earliest first, as instants. */
function openSlotStarts(query: SlotQuery, from: Date): Date[] {
  const end = windowEnd(query.now).getTime();
  const starts: Date[] = [];
  for (let at = from.getTime(); at < end; at += SLOT_MS) {
    const start = new Date(at);
    if (isWithinHours(query.openingHours, start) && !isFull(query, start)) starts.push(start);
  }
  return starts;
}

/**
 * GET /api/locations/:id/slots: the open slots by Bucharest date, every one of the 7 dates listed
 * (a closed day has no slots) so the picker can say which days are closed.
 */
export function openSlotsByDay(query: SlotQuery): SlotDay[] {
  const days = scheduleDates(query.now).map((date): SlotDay => ({ date, slots: [] }));
  const byDate = new Map(days.map((day) => [day.date, day]));
  for (const start of openSlotStarts(query, earliestSlotStart(query.now, query.leadMinutes))) {
    byDate.get(localParts(start).date)?.slots.push(toSlot(start));
  }
  return days;
}

/** The next `count` open slots starting after `after` (at most MAX_NEXT_SLOTS): the 409 answer. */
export function nextFreeSlots(query: SlotQuery, after: Date, count = DEFAULT_NEXT_SLOTS): Slot[] {
  const earliest = earliestSlotStart(query.now, query.leadMinutes);
  const afterNext = Number.isFinite(after.getTime()) ? Math.floor(after.getTime() / SLOT_MS) * SLOT_MS + SLOT_MS : earliest.getTime();
  const from = new Date(Math.max(earliest.getTime(), afterNext));
  const limit = Math.min(Math.max(Math.trunc(count), 0), MAX_NEXT_SLOTS);
  return openSlotStarts(query, from).slice(0, limit).map(toSlot);
}

/**
 * Why a requested slot is refused. 'full' is 409 slot_full (the customer picks another of the next
 * free slots); every other reason is 422 slot_unavailable (not a slot of this kitchen).
 */
export type SlotRefusalReason = 'full' | 'not_on_quarter_hour' | 'past' | 'too_soon' | 'too_far_ahead' | 'outside_hours';

export type SlotCheck =
  { ok: true; slot: Slot } | { ok: false; reason: SlotRefusalReason; code: typeof SLOT_FULL_CODE | typeof SLOT_UNAVAILABLE_CODE };

function refuse(reason: SlotRefusalReason): SlotCheck {
  return { ok: false, reason, code: reason === 'full' ? SLOT_FULL_CODE : SLOT_UNAVAILABLE_CODE };
}

/**
 * The server's check of a requested slot start (POST /api/orders with when.type 'slot', and a queued
 * offline order when it finally arrives): the checks run from "never a slot" to "full", so a slot
 * that is both too soon and full is refused as too soon.
 */
export function checkSlot(query: SlotQuery, requestedStart: Date): SlotCheck {
  const at = requestedStart.getTime();
  if (!Number.isFinite(at) || at % SLOT_MS !== 0) return refuse('not_on_quarter_hour');
  if (at < query.now.getTime()) return refuse('past');
  if (at < earliestSlotStart(query.now, query.leadMinutes).getTime()) return refuse('too_soon');
  if (at >= windowEnd(query.now).getTime()) return refuse('too_far_ahead');
  if (!isWithinHours(query.openingHours, requestedStart)) return refuse('outside_hours');
  if (isFull(query, requestedStart)) return refuse('full');
  return { ok: true, slot: toSlot(requestedStart) };
}
