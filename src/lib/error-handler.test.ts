import { describe, expect, it } from 'vitest';

import { ApiRequestError, NetworkError } from './api-fetch';
import { describeError, FALLBACK_MESSAGES, handleError } from './error-handler';
import { notificationsAtom } from './notify';
import { appStore } from './store';

describe('shared error handler', () => {
  it('takes status, message and details from our error body', () => {
    const error = new ApiRequestError(400, 'invalid_input', 'The request is not valid.', [{ path: 'email' }]);
    expect(describeError(error)).toEqual({ status: 400, message: 'The request is not valid.', details: [{ path: 'email' }] });
  });

  it.each([
    [401, 'Veuillez vous identifier'],
    [403, "Vous n'avez pas les autorisations requises pour cette ressource"],
    [404, 'Oups, vous vous êtes perdu !'],
    [500, "Une erreur serveur s'est produite"],
    [418, "Une erreur inconnue s'est produite"],
  ])('falls back to the French text for %i without a server message', (status, text) => {
    const error = new ApiRequestError(status, 'http_error', `Request failed with status ${status}: x`);
    expect(describeError(error).message).toBe(text);
  });

  it('uses other errors’ own message, and the unknown text for non-errors', () => {
    expect(describeError(new Error('Boom')).message).toBe('Boom');
    expect(describeError('???').message).toBe(FALLBACK_MESSAGES.unknown);
    expect(describeError(new NetworkError(new TypeError('x'))).status).toBeNull();
  });

  it('shows one error toast', () => {
    handleError(new ApiRequestError(500, 'http_error', ''), 'Send failed');
    expect(appStore.get(notificationsAtom)).toEqual([
      expect.objectContaining({ type: 'error', title: 'Send failed', message: FALLBACK_MESSAGES[500] }),
    ]);
  });
});
