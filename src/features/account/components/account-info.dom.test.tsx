// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { signedInCustomer } from '../../../../tests/fixtures/current-user';
import { inLanguageWithQueries } from '../../../../tests/fixtures/language-and-queries';
import { notificationsAtom } from '../../../lib/notify';
import { appStore } from '../../../lib/store';
import { AccountInfo } from './account-info';

beforeEach(() => {
  appStore.set(notificationsAtom, []);
  // The server refuses the edit (any failure says the same: spec §8 'Failed').
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ error: { status: 500, code: 'internal', message: 'x' } }), { status: 500 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderInfo(locale: 'en' | 'ro') {
  render(<AccountInfo user={signedInCustomer({ phone: null })} />, { wrapper: await inLanguageWithQueries(locale) });
}

describe('the profile’s Account Info', () => {
  it('speaks Romanian: the labels, the form and the failure toast', async () => {
    await renderInfo('ro');
    expect(screen.getByRole('heading', { name: 'Datele contului' })).toBeTruthy();
    expect(screen.getByText('Prenume').nextElementSibling?.textContent).toBe('Ana');
    expect(screen.getByText('Telefon').nextElementSibling?.textContent).toBe('—');

    fireEvent.click(screen.getByRole('button', { name: 'Modifică profilul' }));
    expect(screen.getByRole('heading', { name: 'Modifică datele contului' })).toBeTruthy();
    expect(screen.getByText('E-mailul îți identifică contul și nu poate fi schimbat.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvează modificările' }));
    await waitFor(() =>
      expect(appStore.get(notificationsAtom)[0]).toMatchObject({
        type: 'error',
        title: 'Nu s-a salvat',
        message: 'Nu am putut actualiza profilul. Încearcă din nou',
      }),
    );
  });

  it('keeps the spec’s English', async () => {
    await renderInfo('en');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(appStore.get(notificationsAtom)[0]).toMatchObject({
        type: 'error',
        title: 'Failed',
        message: 'Failed to update your profile. Please try again',
      }),
    );
  });
});
