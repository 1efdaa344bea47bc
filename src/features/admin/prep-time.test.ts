import { describe, expect, it } from 'vitest';

import { chosenPrepMinutes } from './prep-time';

describe('preparation time', () => {
  it('is the preset, or whole custom minutes from 1 to 240; nothing until chosen', () => {
    expect(chosenPrepMinutes(null, '')).toBeNull();
    expect(chosenPrepMinutes({ kind: 'preset', minutes: 30 }, 'ignored')).toBe(30);
    expect(chosenPrepMinutes({ kind: 'custom' }, '20')).toBe(20);
    expect(chosenPrepMinutes({ kind: 'custom' }, ' 240 ')).toBe(240);
    for (const typo of ['', '0', '241', '12.5', '-5', 'abc', '1e2']) expect(chosenPrepMinutes({ kind: 'custom' }, typo)).toBeNull();
  });
});
