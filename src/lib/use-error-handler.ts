/**
 * The shared error handler (./error-handler.ts) in the screen's language: `const { handleError } =
 * useErrorHandler();` then `handleError(error, t('…'))` in a mutation's onError. A refusal of the
 * server is worded by its code, an unanswered request says to check the connection.
 */
import { useMemo } from 'react';

import type { DescribedError } from './error-handler';
import { describeError, handleError } from './error-handler';
import { useLocale, useT } from './i18n';

export interface ScreenErrorHandler {
  /** What `error` says, in the screen's language (no toast). */
  describeError(error: unknown): DescribedError;
  /** One error toast for `error`, titled `title` (default: 'Error' in the screen's language). */
  handleError(error: unknown, title?: string): DescribedError;
}

export function useErrorHandler(): ScreenErrorHandler {
  const t = useT();
  const locale = useLocale();
  return useMemo(() => {
    const words = { t, locale };
    return {
      describeError: (error) => describeError(error, words),
      handleError: (error, title) => handleError(error, title, words),
    };
  }, [t, locale]);
}
