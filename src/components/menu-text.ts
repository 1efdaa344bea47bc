/**
 * The menu's own words (names, descriptions, tab labels) as the screens show them: the Romanian the
 * restaurant wrote, in every language for now (src/shared/domain/menu-text.ts can give the English
 * where one was written). One hook for every screen that shows the menu.
 */
import { useMemo } from 'react';

import type { Locale } from '../shared/i18n/locales';
import { categoryShortLabel, menuDescription, menuName } from '../shared/domain/menu-text';

/** The language of the menu's own words on every screen. */
const MENU_CONTENT_LOCALE: Locale = 'ro';

export interface MenuText {
  name(row: Parameters<typeof menuName>[0]): string;
  description(row: Parameters<typeof menuDescription>[0]): string | null;
  shortLabel(category: Parameters<typeof categoryShortLabel>[0]): string;
}

export function useMenuText(): MenuText {
  const locale = MENU_CONTENT_LOCALE;
  return useMemo(
    () => ({
      name: (row) => menuName(row, locale),
      description: (row) => menuDescription(row, locale),
      shortLabel: (category) => categoryShortLabel(category, locale),
    }),
    [locale],
  );
}
