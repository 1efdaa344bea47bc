/**
 * A dish's availability windows (issue 18): on which weekdays, from and to which time (24 h, the
 * restaurant's time, Europe/Bucharest). No window: always available while the restaurant is open.
 * Times are typed as HH:MM text rather than <input type="time">, which shows AM/PM in an English
 * browser.
 */
import { useId } from 'react';

import type { FieldErrors, WindowForm } from '../dish-form';
import { toggle } from '../dish-form';
import { WEEKDAYS } from '../labels';
import { FieldError } from './field-error';

const NEW_WINDOW: WindowForm = { days: [1, 2, 3, 4, 5], from: '11:00', to: '15:00' };

export function AvailabilityEditor({
  windows,
  errors,
  onChange,
}: {
  windows: WindowForm[];
  errors: FieldErrors;
  onChange(windows: WindowForm[]): void;
}) {
  const id = useId();
  const set = (index: number, patch: Partial<WindowForm>) => onChange(windows.map((w, i) => (i === index ? { ...w, ...patch } : w)));

  return (
    <fieldset className="me-fieldset">
      <legend>Availability</legend>
      {windows.length === 0 ? <p className="admin-muted">Always available while the restaurant is open.</p> : null}
      {windows.map((window, index) => {
        const key = `availability.${index}`;
        const errorId = (field: string) => `${id}-${index}-${field}-error`;
        return (
          <div key={index} className="me-window" role="group" aria-label={`Time window ${index + 1}`}>
            <div
              className="me-window__days"
              role="group"
              aria-label="Days"
              aria-describedby={errors[`${key}.days`] ? errorId('days') : undefined}
            >
              {WEEKDAYS.map((weekday) => (
                <label key={weekday.day} className="me-day">
                  <input
                    type="checkbox"
                    checked={window.days.includes(weekday.day)}
                    onChange={(e) => set(index, { days: toggle(window.days, weekday.day, e.target.checked).sort((a, b) => a - b) })}
                    aria-label={weekday.name}
                  />
                  <span aria-hidden="true">{weekday.short}</span>
                </label>
              ))}
            </div>
            <FieldError id={errorId('days')} message={errors[`${key}.days`]} />
            <div className="me-window__times">
              {(['from', 'to'] as const).map((field) => (
                <div key={field} className="field me-time">
                  <label htmlFor={`${id}-${index}-${field}`}>{field === 'from' ? 'From (HH:MM)' : 'To (HH:MM)'}</label>
                  <input
                    id={`${id}-${index}-${field}`}
                    inputMode="numeric"
                    placeholder={field === 'from' ? '11:00' : '15:00'}
                    maxLength={5}
                    value={window[field]}
                    onChange={(e) => set(index, { [field]: e.target.value })}
                    aria-invalid={errors[`${key}.${field}`] ? true : undefined}
                    aria-describedby={errors[`${key}.${field}`] ? errorId(field) : undefined}
                  />
                  <FieldError id={errorId(field)} message={errors[`${key}.${field}`]} />
                </div>
              ))}
              <button type="button" className="button button--outline" onClick={() => onChange(windows.filter((_, i) => i !== index))}>
                Remove window {index + 1}
              </button>
            </div>
          </div>
        );
      })}
      <button
        type="button"
        className="button button--outline"
        onClick={() => onChange([...windows, { ...NEW_WINDOW, days: [...NEW_WINDOW.days] }])}
      >
        Add a time window
      </button>
    </fieldset>
  );
}
