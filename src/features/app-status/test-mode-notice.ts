/**
 * Keeps the test-mode notice (src/shared/test-mode-notice.ts) in line with the server's latest
 * answer. The page's HTML normally has it right already (the server showed it, or the service worker
 * did from the stored restaurant answer); only a page drawn from an answer stored before PAYMENTS
 * changed disagrees, and is corrected as soon as GET /api/restaurant answers, by its `hidden`
 * attribute: the notice is the shell's own element (index.html), never drawn here. No network of its
 * own: offline the stored answer stands.
 */
import { useEffect } from 'react';

import { TEST_MODE_NOTICE_ID } from '../../shared/test-mode-notice';

/** The DOM this needs (a Document in the browser; a small fake in the unit test). */
export interface NoticeHost {
  getElementById(id: string): { hidden: boolean } | null;
}

export function syncTestModeNotice(host: NoticeHost, testPayments: boolean): void {
  const notice = host.getElementById(TEST_MODE_NOTICE_ID);
  if (notice) notice.hidden = !testPayments;
}

/** `testPayments` from the restaurant answer; undefined while there is none (the page's HTML stands). */
export function useTestModeNotice(testPayments: boolean | undefined): void {
  useEffect(() => {
    if (testPayments !== undefined) syncTestModeNotice(document, testPayments);
  }, [testPayments]);
}
