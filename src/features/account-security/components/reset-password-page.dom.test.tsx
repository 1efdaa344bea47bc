// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { inLanguageWithQueries } from '../../../../tests/fixtures/language-and-queries';
import type { Locale } from '../../../shared/i18n/locales';
import { ResetPasswordPage } from './reset-password-page';

const TOKEN = 'a'.repeat(43);
const requests: { url: string; body: unknown }[] = [];

beforeEach(() => {
  requests.length = 0;
  window.history.replaceState(null, '', `/reset-password#token=${TOKEN}`);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      requests.push({ url: String(input), body: JSON.parse(String(init.body)) });
      // The server's refusal of a used link, as api/routes/account.ts answers it.
      const error = {
        status: 400,
        code: 'invalid_token',
        message: 'This link is not valid any more (used, expired or mistyped). Please ask for a new one.',
      };
      return new Response(JSON.stringify({ error }), { status: 400, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderPage(locale: Locale) {
  render(<ResetPasswordPage />, { wrapper: await inLanguageWithQueries(locale) });
}

function submit(password: string, repeated = password) {
  const [first, second] = screen.getAllByLabelText(/parol|password/i) as HTMLInputElement[];
  fireEvent.change(first!, { target: { value: password } });
  fireEvent.change(second!, { target: { value: repeated } });
  fireEvent.submit(first!.form!);
}

describe('choosing a new password from the e-mail link', () => {
  it('speaks Romanian: the length rule as a Romanian plural, and the server’s refusal worded by its code', async () => {
    await renderPage('ro');
    expect(screen.getByRole('heading', { name: 'Alege o parolă nouă' })).toBeTruthy();
    expect(screen.getByText('Cel puțin 8 caractere.')).toBeTruthy();

    submit('scurt');
    expect(screen.getByText('Parola trebuie să aibă cel puțin 8 caractere')).toBeTruthy();
    expect(requests).toEqual([]);

    submit('o parolă destul de lungă');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Linkul nu mai este valid (a fost folosit, a expirat sau e greșit). Cere unul nou.',
    );
    expect(requests).toEqual([
      { url: '/api/account/password-reset/complete', body: { token: TOKEN, newPassword: 'o parolă destul de lungă' } },
    ]);
  });

  it('says in English exactly what it said before the catalogues', async () => {
    await renderPage('en');
    expect(screen.getByText('At least 8 characters.')).toBeTruthy();
    submit('long enough password', 'another one');
    expect(screen.getByText('The two passwords are not the same')).toBeTruthy();
    submit('long enough password');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'This link is not valid any more (used, expired or mistyped). Please ask for a new one.',
    );
  });
});
