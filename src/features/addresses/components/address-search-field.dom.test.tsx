// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { inLanguage } from '../../../../tests/fixtures/language';

import type { SuggestionList } from '../address-form-state';
import type { AddressSearchFieldProps } from './address-search-field';
import { AddressSearchField } from './address-search-field';

const suggestion = (n: number) => ({
  place_id: `gazetteer:strada-doja-gheorghe:${n}`,
  description: `Strada Doja Gheorghe ${n}, Ploiești, Romania`,
  structured_formatting: { main_text: `Strada Doja Gheorghe ${n}`, secondary_text: 'Ploiești, Romania' },
});
const LIST: SuggestionList = { term: 'doja', predictions: [suggestion(12), suggestion(75)] };

let inEnglish: (props: { children: ReactNode }) => ReactNode;
beforeAll(async () => {
  inEnglish = await inLanguage();
});

function renderField(overrides: Partial<AddressSearchFieldProps> = {}) {
  const props: AddressSearchFieldProps = {
    ids: 'form',
    text: 'doja',
    shown: LIST,
    activeIndex: -1,
    searching: false,
    online: true,
    onTextChange: vi.fn(),
    onMove: vi.fn(),
    onDismiss: vi.fn(),
    onChoose: vi.fn(),
    ...overrides,
  };
  const outerKeys = vi.fn();
  render(
    <div onKeyDown={(event) => outerKeys(event.key)}>
      <AddressSearchField {...props} />
    </div>,
    { wrapper: inEnglish },
  );
  return { props, outerKeys, box: screen.getByRole('combobox', { name: 'Search address' }) };
}

describe('AddressSearchField (DOM)', () => {
  it('lists the suggestions as options of an expanded combobox, the highlighted one selected', () => {
    const { box } = renderField({ activeIndex: 1 });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Strada Doja Gheorghe 12Ploiești, Romania',
      'Strada Doja Gheorghe 75Ploiești, Romania',
    ]);
    expect(options.map((o) => o.getAttribute('aria-selected'))).toEqual(['false', 'true']);
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
  });

  it('arrows move the highlight, Enter chooses the highlighted suggestion, a click chooses too', () => {
    const { props, box } = renderField({ activeIndex: 1 });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(props.onMove).toHaveBeenNthCalledWith(1, LIST, 1);
    expect(props.onMove).toHaveBeenNthCalledWith(2, LIST, -1);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(props.onChoose).toHaveBeenCalledWith(LIST.predictions[1]);
    fireEvent.click(screen.getAllByRole('option')[0]!);
    expect(props.onChoose).toHaveBeenLastCalledWith(LIST.predictions[0]);
  });

  it('Escape closes the list and goes no further (a dialog around it stays open)', () => {
    const { props, box, outerKeys } = renderField();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(props.onDismiss).toHaveBeenCalledWith(LIST);
    expect(outerKeys).not.toHaveBeenCalled();
  });

  it('without suggestions: collapsed, keys pass through, and the hint says what to type (and that offline it searches the device)', () => {
    const { props, box, outerKeys } = renderField({ shown: null, online: false });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(props.onDismiss).not.toHaveBeenCalled();
    expect(outerKeys).toHaveBeenCalledWith('Escape');
    expect(
      screen.getByText(/Type at least 3 characters\. Streets in Ploiești only\. Offline: searching the street list on this device\./),
    ).toBeTruthy();
    fireEvent.change(box, { target: { value: 'doja 1' } });
    expect(props.onTextChange).toHaveBeenCalledWith('doja 1');
  });

  it("says 'Searching…' while a request is on its way", () => {
    renderField({ searching: true });
    expect(screen.getByText('Searching…')).toBeTruthy();
  });
});
