/** What a failed account-security call says to the person, in the screen's language. */
import { useCallback } from 'react';

import { ApiRequestError, NetworkError } from '../../../lib/api-fetch';
import { useT } from '../../../lib/i18n';
import { useErrorHandler } from '../../../lib/use-error-handler';

/**
 * Offline: to reconnect; a 4xx: the server's refusal worded by its code (it says what to do); else
 * `fallback` (by default 'Something went wrong').
 */
export function useFailureMessage(): (error: unknown, fallback?: string) => string {
  const t = useT();
  const { describeError } = useErrorHandler();
  return useCallback(
    (error, fallback) => {
      if (error instanceof NetworkError) return t('account-security.offline');
      if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return describeError(error).message;
      return fallback ?? t('account-security.failed');
    },
    [t, describeError],
  );
}
