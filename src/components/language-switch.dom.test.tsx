// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://localhost/menu"}
/**
 * The language switch and the account's language (issue 23): a choice redraws the screens, sets
 * <html lang> and the device's cookie, and, signed in, queues the account's language in the outbox
 * (sent later when offline); the account's language wins over the device's when the session is known.
 */
import 'fake-indexeddb/auto';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { CURRENT_PROFILE_ROW_ID } from '../db/app-db';
import { db } from '../db/db';
import { ACCOUNT_LANGUAGE_KIND } from '../entities/language/account-language-repo';
import { currentUserKeys } from '../entities/session/api/get-current-user';
import type { Locale } from '../shared/i18n/locales';
import type { CurrentUser } from '../shared/schemas/user';
import { drainNow } from '../sync/outbox-runtime';
import { inLanguage } from '../../tests/fixtures/language';
import { signedInCustomer } from '../../tests/fixtures/current-user';
import { AccountLanguage } from './account-language';
import { LanguageSwitch } from './language-switch';

// Offline throughout: the outbox's transport takes the global fetch when it loads, so this comes first.
const requests = vi.hoisted(() => {
  const sent: string[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    sent.push(`${init.method ?? 'GET'} ${url}`);
    return Promise.reject(new TypeError('Failed to fetch'));
  });
  return sent;
});

const forgetCookie = () => {
  document.cookie = 'lang=; Max-Age=0; Path=/';
};

beforeEach(() => {
  forgetCookie();
  document.documentElement.lang = 'en';
});

afterEach(async () => {
  await drainNow();
  requests.length = 0;
  await Promise.all([db.outbox.clear(), db.profile.clear()]);
});

/** The app's providers around `ui`, in `locale`, with `user` as the session's answer (undefined: not known yet). */
async function renderInApp(ui: ReactNode, locale: Locale, user?: CurrentUser | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (user !== undefined) queryClient.setQueryData(currentUserKeys.me, user);
  if (user) await db.profile.put({ id: CURRENT_PROFILE_ROW_ID, userId: user.id, data: user, updatedAt: '2026-11-29T10:00:00.000Z' });
  const Language = await inLanguage(locale);
  render(
    <QueryClientProvider client={queryClient}>
      <Language>{ui}</Language>
    </QueryClientProvider>,
  );
  return queryClient;
}

const option = (name: string) => screen.getByRole('button', { name });

describe('the language switch', () => {
  it('is a labelled group listing each language by its own name, the screen’s pressed', async () => {
    await renderInApp(<LanguageSwitch />, 'ro', null);
    const group = screen.getByRole('group', { name: 'Limba' });
    expect(group).toBeTruthy();
    expect(option('English').getAttribute('aria-pressed')).toBe('false');
    expect(option('Română').getAttribute('aria-pressed')).toBe('true');
    expect(option('Română').getAttribute('lang')).toBe('ro');
  });

  it('signed out: redraws in the chosen language, sets <html lang> and the cookie, and saves nothing to an account', async () => {
    await renderInApp(<LanguageSwitch />, 'en', null);
    fireEvent.click(option('Română'));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Limba' })).toBeTruthy());
    expect(document.documentElement.lang).toBe('ro');
    expect(document.cookie).toContain('lang=ro');
    expect(option('Română').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('language-switched').textContent).toBe('Aplicația este acum în Română.');
    expect(screen.getByTestId('language-switched').getAttribute('aria-live')).toBe('polite');
    expect(await db.outbox.count()).toBe(0);
  });

  it('signed in and offline: the account’s language is queued in the outbox, and the session shows it at once', async () => {
    const ana = signedInCustomer({ language: 'en' });
    const queryClient = await renderInApp(<LanguageSwitch />, 'en', ana);
    fireEvent.click(option('Română'));
    await waitFor(() => expect(document.documentElement.lang).toBe('ro'));
    expect(queryClient.getQueryData<CurrentUser>(currentUserKeys.me)?.language).toBe('ro');
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: ACCOUNT_LANGUAGE_KIND,
      userId: ana.id,
      status: expect.stringMatching(/^(pending|sending)$/),
      request: { method: 'PUT', path: '/api/profile/language', body: { language: 'ro' } },
    });
    // The sync panel's line, worded in the screen's language when the choice was made.
    expect(entry?.label).toBe('Language setting');
    await waitFor(() => expect(requests).toContain('PUT /api/profile/language'));
    expect(await db.outbox.count()).toBe(1);
  });
});

describe("the account's language", () => {
  it('wins when the session is known: the screen switches to it and the device keeps it', async () => {
    await renderInApp(
      <>
        <AccountLanguage />
        <LanguageSwitch />
      </>,
      'en',
      signedInCustomer({ language: 'ro' }),
    );
    await waitFor(() => expect(document.documentElement.lang).toBe('ro'));
    expect(screen.getByRole('group', { name: 'Limba' })).toBeTruthy();
    expect(document.cookie).toContain('lang=ro');
  });

  it('from an account that never chose, leaves the device’s choice', async () => {
    await renderInApp(<AccountLanguage />, 'ro', signedInCustomer({ language: null }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.documentElement.lang).toBe('en');
    expect(document.cookie).not.toContain('lang=');
  });

  it("is this device's unsent choice while it waits in the outbox (a reload offline, the session copy still old)", async () => {
    const ana = signedInCustomer({ language: 'en' });
    await renderInApp(
      <>
        <AccountLanguage />
        <LanguageSwitch />
      </>,
      'en',
      ana,
    );
    fireEvent.click(option('Română'));
    await waitFor(() => expect(document.documentElement.lang).toBe('ro'));
    screen.getByRole('group', { name: 'Limba' });
    // The next page: the session's copy on this device says English, the outbox holds Romanian.
    cleanup();
    await renderInApp(<AccountLanguage />, 'ro', ana);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(document.documentElement.lang).toBe('ro');
  });
});
