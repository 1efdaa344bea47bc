/**
 * The browser tab's title while the manager area is open (issue 27): it names the open section,
 * so a tablet showing the board reads 'Orders', not a generic settings title. The title the page
 * had before comes back when the area closes.
 */
import { useEffect } from 'react';

import type { AdminSection } from '../sections';
import { ADMIN_SECTION_LABELS } from '../sections';

export function adminPageTitle(section: AdminSection): string {
  return `${ADMIN_SECTION_LABELS[section]} · Admin Panel · Casa Grătarului`;
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
