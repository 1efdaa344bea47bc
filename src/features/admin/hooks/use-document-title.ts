/**
 * The browser tab's title while the manager area is open (issue 27): it names the open section,
 * so a tablet showing the board reads 'Orders', not a generic settings title. The title the page
 * had before comes back when the area closes. While orders are past their accept deadline (issue
 * 19) the title blinks between the alert and the section's title, so a tablet showing another app
 * or tab still catches the eye.
 */
import { useEffect } from 'react';

import type { Translate } from '../../../lib/i18n';
import type { AdminSection } from '../sections';
import { ADMIN_SECTION_WORDS } from '../sections';

/** How fast the title alternates while an alert is up. */
export const TITLE_BLINK_MS = 1_000;

export function adminPageTitle(section: AdminSection, t: Translate): string {
  return t('admin.pageTitle', { section: t(ADMIN_SECTION_WORDS[section]) });
}

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/** Alternates the tab's title between `alert` and `baseTitle` while `alert` is set. */
export function useBlinkingTitle(alert: string | null, baseTitle: string): void {
  useEffect(() => {
    if (!alert) return;
    let showingAlert = true;
    document.title = alert;
    const timer = window.setInterval(() => {
      showingAlert = !showingAlert;
      document.title = showingAlert ? alert : baseTitle;
    }, TITLE_BLINK_MS);
    return () => {
      window.clearInterval(timer);
      // Only undo our own writing: leaving the area may already have restored the page's title.
      if (document.title === alert) document.title = baseTitle;
    };
  }, [alert, baseTitle]);
}
