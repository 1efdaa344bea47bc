/**
 * The house-number step of the address panel (issue 27), asked right after the street and before
 * the pin: a number, or an explicit "This address has no house number" for places without one.
 * The rule is src/shared/domain/house-number.ts, the same one the server applies.
 */
import { useId } from 'react';

import type { HouseNumberProblem } from '../../../shared/domain/house-number';
import { HOUSE_NUMBER_TEXTS, MAX_HOUSE_NUMBER_INPUT_LENGTH } from '../../../shared/domain/house-number';

export const NO_HOUSE_NUMBER_LABEL = 'This address has no house number';
export const LEGACY_NUMBER_NOTE =
  'This address was saved without a house number. Add it (or tick the box if the place has none) so the driver finds your door.';

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
  // 'missing' is what the status line and the save button say; a typed number that cannot be read
  // (or one typed next to the ticked box) is an error on the field itself.
  const error = problem === 'invalid' || problem === 'both' ? HOUSE_NUMBER_TEXTS[problem] : null;
  return (
    <div className="address-number">
      {legacy ? (
        <p className="address-number__legacy" role="note">
          {LEGACY_NUMBER_NOTE}
        </p>
      ) : null}
      <div className="address-field">
        <label htmlFor={`${ids}-number`}>House number</label>
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
          The number on the gate or the building, e.g. 12 or 12A. The driver needs it.
        </p>
        {error ? (
          <p id={`${ids}-number-error`} className="address-field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <label className="address-check">
        <input type="checkbox" checked={noHouseNumber} onChange={(event) => onNoHouseNumberChange(event.target.checked)} />
        <span>{NO_HOUSE_NUMBER_LABEL}</span>
      </label>
    </div>
  );
}
