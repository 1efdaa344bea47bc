import { describe, expect, it } from 'vitest';

import english from '../../locales/en/admin.json';
import { ADMIN_SECTION_LABELS, ADMIN_SECTION_WORDS, ADMIN_SECTIONS } from './sections';

describe('the sections’ names', () => {
  it('the English names the end-to-end specs find are the English catalogue’s', () => {
    for (const section of ADMIN_SECTIONS)
      expect(english[ADMIN_SECTION_WORDS[section] as keyof typeof english]).toBe(ADMIN_SECTION_LABELS[section]);
  });
});
