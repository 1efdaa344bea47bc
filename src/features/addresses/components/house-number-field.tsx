/**
 * The house-number step of the address panel (issue 27), asked right after the street and before
 * the pin: a number, or an explicit "This address has no house number" for places without one.
 * The rule is src/shared/domain/house-number.ts, the same one the server applies.
 */
import { useId } from 'react';

import { useT } from '../../../lib/i18n';
import type { HouseNumberProblem } from '../../../shared/domain/house-number';
import { MAX_HOUSE_NUMBER_INPUT_LENGTH } from '../../../shared/domain/house-number';
import { HOUSE_NUMBER_PROBLEM_TEXT } from '../pin-wording';

export interface HouseNumberFieldProps {
  value: string;
  noHouseNumber: boolean;
  problem: HouseNumberProblem | null;
  /** An address saved before the rule is being edited: say why the number is asked for now. */
  legacy: boolean;
  onValueChange(value: string): void;
  onNoHouseNumberChange(checked: boolean): void;
}

export function HouseNumberField({ value, noHouseNumber, problem, legacy, onValueChange, onNoHouseNumberChange }: HouseNumberFieldProps) {
  const ids = useId();
  const t = useT();
  // 'missing' is what the status line and the save button say; a typed number that cannot be read
  // (or one typed next to the ticked box) is an error on the field itself.
  const error = problem === 'invalid' || problem === 'both' ? HOUSE_NUMBER_PROBLEM_TEXT[problem] : null;
  return (
    <div className="address-number">
      {legacy ? (
        <p className="address-number__legacy" role="note">
          {t('addresses.houseNumber.legacyNote')}
        </p>
      ) : null}
      <div className="address-field">
        <label htmlFor={`${ids}-number`}>{t('addresses.houseNumber.label')}</label>
        <input
          id={`${ids}-number`}
          autoComplete="off"
          maxLength={MAX_HOUSE_NUMBER_INPUT_LENGTH}
          value={value}
          disabled={noHouseNumber}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${ids}-number-hint${error ? ` ${ids}-number-error` : ''}`}
          onChange={(event) => onValueChange(event.target.value)}
        />
        <p id={`${ids}-number-hint`} className="address-field__hint">
          {t('addresses.houseNumber.hint')}
        </p>
        {error ? (
          <p id={`${ids}-number-error`} className="address-field__error" role="alert">
            {t(error)}
          </p>
        ) : null}
      </div>
      <label className="address-check">
        <input type="checkbox" checked={noHouseNumber} onChange={(event) => onNoHouseNumberChange(event.target.checked)} />
        <span>{t('addresses.houseNumber.none')}</span>
      </label>
    </div>
  );
}
