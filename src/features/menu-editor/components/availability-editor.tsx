/**
 * A dish's availability windows (issue 18): on which weekdays, from and to which time (24 h, the
 * restaurant's time, Europe/Bucharest). No window: always available while the restaurant is open.
 * Times are typed as HH:MM text rather than <input type="time">, which shows AM/PM in an English
 * browser.
 */
import { useId } from 'react';

import { useT } from '../../../lib/i18n';
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
  const t = useT();
  const set = (index: number, patch: Partial<WindowForm>) => onChange(windows.map((w, i) => (i === index ? { ...w, ...patch } : w)));

  return (
    <fieldset className="me-fieldset">
      <legend>{t('menu-editor.availability.legend')}</legend>
      {windows.length === 0 ? <p className="admin-muted">{t('menu-editor.availability.always')}</p> : null}
      {windows.map((window, index) => {
        const key = `availability.${index}`;
        const errorId = (field: string) => `${id}-${index}-${field}-error`;
        return (
          <div key={index} className="me-window" role="group" aria-label={t('menu-editor.availability.window', { number: index + 1 })}>
            <div
              className="me-window__days"
              role="group"
              aria-label={t('menu-editor.availability.days')}
              aria-describedby={errors[`${key}.days`] ? errorId('days') : undefined}
            >
              {WEEKDAYS.map((weekday) => (
                <label key={weekday.day} className="me-day">
                  <input
                    type="checkbox"
                    checked={window.days.includes(weekday.day)}
                    onChange={(e) => set(index, { days: toggle(window.days, weekday.day, e.target.checked).sort((a, b) => a - b) })}
                    aria-label={t(weekday.name)}
                  />
                  <span aria-hidden="true">{t(weekday.short)}</span>
                </label>
              ))}
            </div>
            <FieldError id={errorId('days')} message={errors[`${key}.days`]} />
            <div className="me-window__times">
              {(['from', 'to'] as const).map((field) => (
                <div key={field} className="field me-time">
                  <label htmlFor={`${id}-${index}-${field}`}>
                    {field === 'from' ? t('menu-editor.availability.from') : t('menu-editor.availability.to')}
                  </label>
                  <input
                    id={`${id}-${index}-${field}`}
                    inputMode="numeric"
                    placeholder={NEW_WINDOW[field]}
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
                {t('menu-editor.availability.remove', { number: index + 1 })}
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
        {t('menu-editor.availability.add')}
      </button>
    </fieldset>
  );
}
