import { describe, expect, it } from 'vitest';

import { avatarInitial, displayFirstName } from './user-display';

describe('header account display (spec §2)', () => {
  it('uses the first letter of the first name, else of the e-mail uppercased, else U', () => {
    expect(avatarInitial({ firstName: 'ana', email: 'x@example.ro' })).toBe('A');
    expect(avatarInitial({ firstName: 'Ștefan', email: 'x@example.ro' })).toBe('Ș');
    expect(avatarInitial({ firstName: '  ', email: 'bogdan@example.ro' })).toBe('B');
    expect(avatarInitial({ firstName: '', email: '' })).toBe('U');
  });

  it("shows the first name, defaulting to 'User'", () => {
    expect(displayFirstName({ firstName: 'Ana' })).toBe('Ana');
    expect(displayFirstName({ firstName: ' ' })).toBe('User');
  });
});
