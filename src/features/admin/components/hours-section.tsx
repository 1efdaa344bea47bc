/**
 * Opening hours per location (issue 7): weekly intervals (default 11:00-22:00), closed days and
 * holiday exceptions, saved with PUT /api/admin/locations/:id/hours. The storefront's "open now"
 * and the server's order check read the same hours. Offline: the save fails with a toast and the
 * edits stay on screen to try again (hours are not queued: a late change to today's hours could
 * reopen a kitchen the manager has since closed). Times are typed in 24-hour form ("09:30", issue
 * 27): the browser's time input follows the device's locale and showed AM/PM.
 */
import { useId, useState } from 'react';

import type { MessageId } from '../../../lib/i18n';
import { useLocale, useT } from '../../../lib/i18n';
import { useErrorHandler } from '../../../lib/use-error-handler';
import { notify } from '../../../lib/notify';
import { normaliseTimeOfDay } from '../../../entities/restaurant/opening-hours-text';
import type { Location, OpeningHours, Weekday } from '../../../shared/schemas/restaurant';
import { WEEKDAYS } from '../../../shared/schemas/restaurant';
import { weekdayName } from '../admin-time';
import { saveLocationHours } from '../api/admin-api';

const DEFAULT_INTERVAL = { open: '11:00', close: '22:00' } as const;
export const TIME_HINT: MessageId = 'admin.hours.timeHint';

/** A 24-hour time of day as text ("HH:MM"); "930" or "9.30" become "09:30" when the field is left. */
function TimeField({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  disabled?: boolean;
  onChange(value: string): void;
}) {
  const t = useT();
  const invalid = !disabled && normaliseTimeOfDay(value) === null;
  return (
    <input
      type="text"
      className="admin-hours__time"
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('admin.hours.timePlaceholder')}
      maxLength={5}
      aria-label={label}
      aria-invalid={invalid || undefined}
      title={t(TIME_HINT)}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      onBlur={() => {
        const normalised = normaliseTimeOfDay(value);
        if (normalised && normalised !== value) onChange(normalised);
      }}
    />
  );
}

/** The hours with every typed time as "HH:MM", or null when one is not a time of day. */
export function normalisedHours(hours: OpeningHours): OpeningHours | null {
  let valid = true;
  const fix = (intervals: readonly { open: string; close: string }[]) =>
    intervals.map(({ open, close }) => {
      const [o, c] = [normaliseTimeOfDay(open), normaliseTimeOfDay(close)];
      if (!o || !c) valid = false;
      return { open: o ?? open, close: c ?? close };
    });
  const weekly = Object.fromEntries(
    Object.entries(hours.weekly).map(([day, intervals]) => [day, fix(intervals)]),
  ) as OpeningHours['weekly'];
  const exceptions = hours.exceptions.map((e) => ({ ...e, intervals: fix(e.intervals) }));
  return valid ? { weekly, exceptions } : null;
}

export function HoursSection({ locations, onSaved }: { locations: Location[]; onSaved(): void }) {
  return (
    <div className="admin-hours">
      {locations.map((location) => (
        <LocationHours key={location.id} location={location} onSaved={onSaved} />
      ))}
    </div>
  );
}

function LocationHours({ location, onSaved }: { location: Location; onSaved(): void }) {
  const id = useId();
  const t = useT();
  const { refusalMessage } = useErrorHandler();
  const [hours, setHours] = useState<OpeningHours>(location.openingHours);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const toSave = normalisedHours(hours);
    if (!toSave) {
      notify({ type: 'error', title: t('admin.hours.checkTimes'), message: t(TIME_HINT) });
      return;
    }
    setHours(toSave);
    setSaving(true);
    try {
      await saveLocationHours(location.id, toSave);
      notify({
        type: 'success',
        title: t('admin.hours.saved.title'),
        message: t('admin.hours.saved.message', { location: location.name }),
      });
      onSaved();
    } catch (error) {
      notify({
        type: 'error',
        title: t('admin.common.error'),
        message: refusalMessage(error, t('admin.hours.failed')),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{location.name}</h3>
      <p className="admin-muted">{location.address}</p>
      <OpeningHoursEditor hours={hours} onChange={setHours} name={location.name} />
      <div className="admin-actions">
        <button type="button" className="button" disabled={saving} onClick={() => void save()}>
          {saving ? t('admin.common.saving') : t('admin.hours.saveFor', { location: location.name })}
        </button>
      </div>
    </section>
  );
}

/**
 * The weekly hours, closed days and holiday exceptions of one kitchen, controlled: the Opening Hours
 * section saves them alone (PUT .../hours), the Locations section with the rest of the kitchen's form.
 */
export function OpeningHoursEditor({
  hours,
  onChange,
  name,
}: {
  hours: OpeningHours;
  onChange(update: (current: OpeningHours) => OpeningHours): void;
  name: string;
}) {
  const t = useT();
  const locale = useLocale();
  const setHours = onChange;
  const setDay = (day: Weekday, intervals: OpeningHours['weekly'][Weekday]) =>
    setHours((current) => ({ ...current, weekly: { ...current.weekly, [day]: intervals } }));
  const setException = (index: number, patch: Partial<OpeningHours['exceptions'][number]>) =>
    setHours((current) => ({ ...current, exceptions: current.exceptions.map((e, i) => (i === index ? { ...e, ...patch } : e)) }));

  return (
    <>
      <table className="admin-hours__table">
        <caption className="visually-hidden">{t('admin.hours.caption', { name })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.hours.day')}</th>
            <th scope="col">{t('admin.hours.closed')}</th>
            <th scope="col">{t('admin.hours.opens')}</th>
            <th scope="col">{t('admin.hours.closes')}</th>
          </tr>
        </thead>
        <tbody>
          {WEEKDAYS.map((day) => {
            const intervals = hours.weekly[day] ?? [];
            const first = intervals[0];
            const closed = !first;
            const dayName = weekdayName(day, locale);
            return (
              <tr key={day}>
                <th scope="row">{dayName}</th>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t('admin.hours.dayClosed', { day: dayName })}
                    checked={closed}
                    onChange={(e) => setDay(day, e.target.checked ? [] : [{ ...DEFAULT_INTERVAL }])}
                  />
                </td>
                <td>
                  <TimeField
                    label={t('admin.hours.dayOpens', { day: dayName })}
                    value={first?.open ?? ''}
                    disabled={closed}
                    onChange={(open) => first && setDay(day, [{ ...first, open }, ...intervals.slice(1)])}
                  />
                </td>
                <td>
                  <TimeField
                    label={t('admin.hours.dayCloses', { day: dayName })}
                    value={first?.close ?? ''}
                    disabled={closed}
                    onChange={(close) => first && setDay(day, [{ ...first, close }, ...intervals.slice(1)])}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>

      <h4>{t('admin.hours.exceptions')}</h4>
      {hours.exceptions.length === 0 ? <p className="admin-muted">{t('admin.hours.noExceptions')}</p> : null}
      <ul className="admin-hours__exceptions">
        {hours.exceptions.map((exception, index) => {
          const first = exception.intervals[0];
          return (
            <li key={index} className="admin-hours__exception">
              <input
                type="date"
                aria-label={t('admin.hours.exceptionDate')}
                value={exception.date}
                onChange={(e) => setException(index, { date: e.target.value })}
              />
              <label className="admin-inline">
                <input
                  type="checkbox"
                  checked={!first}
                  onChange={(e) => setException(index, { intervals: e.target.checked ? [] : [{ ...DEFAULT_INTERVAL }] })}
                />
                {t('admin.hours.closedAllDay')}
              </label>
              {first ? (
                <>
                  <TimeField
                    label={t('admin.hours.exceptionOpens')}
                    value={first.open}
                    onChange={(open) => setException(index, { intervals: [{ ...first, open }] })}
                  />
                  <TimeField
                    label={t('admin.hours.exceptionCloses')}
                    value={first.close}
                    onChange={(close) => setException(index, { intervals: [{ ...first, close }] })}
                  />
                </>
              ) : null}
              <input
                aria-label={t('admin.hours.exceptionNote')}
                placeholder={t('admin.hours.exceptionNotePlaceholder')}
                value={exception.note ?? ''}
                maxLength={120}
                onChange={(e) => setException(index, { note: e.target.value })}
              />
              <button
                type="button"
                className="button button--outline"
                onClick={() => setHours((current) => ({ ...current, exceptions: current.exceptions.filter((_, i) => i !== index) }))}
              >
                {t('admin.common.remove')}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="admin-actions">
        <button
          type="button"
          className="button button--outline"
          onClick={() =>
            setHours((current) => ({ ...current, exceptions: [...current.exceptions, { date: '', intervals: [], note: '' }] }))
          }
        >
          {t('admin.hours.addException')}
        </button>
      </div>
    </>
  );
}
