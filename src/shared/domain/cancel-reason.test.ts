import { describe, expect, it } from 'vitest';

import { cancelReasonParts, cancelReasonText } from './cancel-reason';

describe('a stored cancellation text, read back as its preset and the note (issue 23)', () => {
  it('names the preset when the text is its English label, with or without a note', () => {
    expect(cancelReasonParts('sold_out', 'Sold out')).toEqual({ preset: 'sold_out', note: null });
    expect(cancelReasonParts('too_busy', 'Too busy: the oven broke')).toEqual({ preset: 'too_busy', note: 'the oven broke' });
    expect(cancelReasonParts('customer_request', null)).toEqual({ preset: 'customer_request', note: null });
  });

  it("keeps the manager's own words, and a text of no known preset, as written", () => {
    expect(cancelReasonParts('other', 'Nu mai avem cărbuni')).toEqual({ preset: null, note: 'Nu mai avem cărbuni' });
    expect(cancelReasonParts(null, 'Cancelled before presets existed')).toEqual({ preset: null, note: 'Cancelled before presets existed' });
    expect(cancelReasonParts('gone_fishing', 'Gone fishing')).toEqual({ preset: null, note: 'Gone fishing' });
    expect(cancelReasonParts('sold_out', 'Sold outright')).toEqual({ preset: null, note: 'Sold outright' });
  });
});

describe("a stored cancellation text in the reader's words", () => {
  const romanian = (preset: string) => ({ sold_out: 'Epuizat', too_busy: 'Prea aglomerat' })[preset] ?? preset;

  it('words the preset, keeps the note as written, and a text of no preset whole', () => {
    expect(cancelReasonText('sold_out', 'Sold out', romanian)).toBe('Epuizat');
    expect(cancelReasonText('too_busy', 'Too busy: the oven broke', romanian)).toBe('Prea aglomerat: the oven broke');
    expect(cancelReasonText('other', 'Nu mai avem cărbuni', romanian)).toBe('Nu mai avem cărbuni');
  });
});
