/**
 * The menu's own words (names, descriptions, tab labels) as the screens show them: in the screen's
 * language, the English where the restaurant wrote one and its Romanian otherwise
 * (src/shared/domain/menu-text.ts, docs/decisions/0171-menu-content-follows-the-screen.md). One hook for
 * every screen that shows the menu.
 */
import { useMemo } from 'react';

import { useLocale } from '../lib/i18n';
import { categoryShortLabel, menuDescription, menuName } from '../shared/domain/menu-text';

export interface MenuText {
  name(row: Parameters<typeof menuName>[0]): string;
  description(row: Parameters<typeof menuDescription>[0]): string | null;
  shortLabel(category: Parameters<typeof categoryShortLabel>[0]): string;
}

export function useMenuText(): MenuText {
  const locale = useLocale();
  return useMemo(
    () => ({
      name: (row) => menuName(row, locale),
      description: (row) => menuDescription(row, locale),
      shortLabel: (category) => categoryShortLabel(category, locale),
    }),
    [locale],
  );
}
