/**
 * The shared error handler (./error-handler.ts) in the screen's language: `const { handleError } =
 * useErrorHandler();` then `handleError(error, t('…'))` in a mutation's onError. A refusal of the
 * server is worded by its code, an unanswered request says to check the connection.
 */
import { useMemo } from 'react';

import { ApiRequestError } from './api-fetch';
import type { DescribedError, StoredRefusal } from './error-handler';
import { describeError, describeRefusal, handleError } from './error-handler';
import { useLocale, useT } from './i18n';

export interface ScreenErrorHandler {
  /** What `error` says, in the screen's language (no toast). */
  describeError(error: unknown): DescribedError;
  /**
   * `error` with the server's words replaced by the screen's (a refusal worded by its code), for pure
   * modules that show a refusal's `message` as it comes; in English, anything else, and a refusal
   * without words, as it is.
   */
  inScreenLanguage<E>(error: E): E | ApiRequestError;
  /**
   * What the server's refusal says, in the screen's language; `otherwise` when `error` is not a
   * refusal (no answer: offline, or a failure of this device).
   */
  refusalMessage(error: unknown, otherwise: string): string;
  /** An outbox entry's stored refusal in the screen's language (null: none stored). */
  describeRefusal(entry: StoredRefusal): string | null;
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
      refusalMessage: (error, otherwise) => (error instanceof ApiRequestError ? describeError(error, words).message : otherwise),
      describeRefusal: (entry) => describeRefusal(entry, words),
      inScreenLanguage: (error) =>
        locale !== 'en' && error instanceof ApiRequestError && error.message.trim()
          ? new ApiRequestError(error.status, error.code, describeError(error, words).message, error.details)
          : error,
      handleError: (error, title) => handleError(error, title, words),
    };
  }, [t, locale]);
}
