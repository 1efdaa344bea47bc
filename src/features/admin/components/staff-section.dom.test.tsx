// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { notificationsAtom } from '../../../lib/notify';
import { appStore } from '../../../lib/store';
import { kitchen } from '../../../../tests/fixtures/kitchen';
import { inLanguage } from '../../../../tests/fixtures/language';
import type { StaffMember } from '../../../shared/schemas/staff';
import { StaffSection } from './staff-section';

const LOCATIONS = [kitchen(1, 'Nord'), kitchen(2, 'Centru')];

const OWNER: StaffMember = {
  id: 1,
  email: 'owner@example.ro',
  firstName: 'Maria',
  lastName: 'Pop',
  locationId: null,
  passwordSet: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  setByConfiguration: true,
};
const IOANA: StaffMember = {
  id: 2,
  email: 'ioana@example.ro',
  firstName: 'Ioana',
  lastName: 'Marin',
  locationId: 2,
  passwordSet: false,
  createdAt: '2026-11-22T12:00:00.000Z',
  setByConfiguration: false,
};
const RADU: StaffMember = {
  ...IOANA,
  id: 3,
  email: 'radu@example.ro',
  firstName: 'Radu',
  lastName: 'Ene',
  locationId: null,
  passwordSet: true,
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
const listOf = (...staff: StaffMember[]) => json({ staff });

/** Answers by request, in order; a function answer may throw (a network failure). */
let answers: (Response | (() => never))[] = [];
const sent: { url: string; method: string; body: unknown; key: string | null }[] = [];

beforeEach(() => {
  answers = [];
  sent.length = 0;
  appStore.set(notificationsAtom, []);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      sent.push({
        url: String(input),
        method: init.method ?? 'GET',
        body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
        key: headers.get('Idempotency-Key'),
      });
      const answer = answers.shift();
      if (typeof answer === 'function') answer();
      return answer ?? json({ error: { status: 500, code: 'unexpected', message: 'no answer queued' } }, 500);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StaffSection locations={LOCATIONS} userId={OWNER.id} />
    </QueryClientProvider>,
    { wrapper: await inLanguage() },
  );
  return screen.findByRole('list', { name: 'Manager accounts' });
}

const lastToast = () => appStore.get(notificationsAtom)[0];
const writes = () => sent.filter((request) => request.method !== 'GET');

describe('the Staff section', () => {
  it('lists each manager with their kitchen; one’s own kitchen and the configured account are not changed here', async () => {
    answers.push(listOf(OWNER, IOANA));
    const list = await renderSection();
    const [own, invitee] = within(list).getAllByRole('listitem');
    expect(own!.textContent).toContain('Maria Pop (you)');
    const ownKitchen = within(own!).getByLabelText('Kitchen of Maria Pop') as HTMLSelectElement;
    expect(ownKitchen.value).toBe('all');
    expect(ownKitchen.disabled).toBe(true);
    expect(within(own!).queryByRole('button', { name: /Remove/ })).toBeNull();

    const ioanaKitchen = within(invitee!).getByLabelText('Kitchen of Ioana Marin') as HTMLSelectElement;
    expect(ioanaKitchen.selectedOptions[0]!.textContent).toBe('Centru');
    expect([...ioanaKitchen.options].map((option) => option.textContent)).toEqual(['All kitchens', 'Nord', 'Centru']);
    expect(invitee!.textContent).toContain('Invited 22 Nov 2026, 14:00: no password set yet');
    expect(within(invitee!).getByRole('button', { name: 'Send a new invitation to Ioana Marin' })).toBeTruthy();
  });

  it('changes a manager’s kitchen with one request and reloads the list', async () => {
    answers.push(listOf(OWNER, IOANA));
    const list = await renderSection();
    answers.push(json({ userId: IOANA.id, locationId: null }), listOf(OWNER, { ...IOANA, locationId: null }));
    fireEvent.change(within(list).getByLabelText('Kitchen of Ioana Marin'), { target: { value: 'all' } });
    await waitFor(() => expect((within(list).getByLabelText('Kitchen of Ioana Marin') as HTMLSelectElement).value).toBe('all'));
    expect(writes()).toEqual([{ url: '/api/admin/staff/2/location', method: 'PUT', body: { locationId: null }, key: null }]);
    expect(lastToast()).toMatchObject({ type: 'success', message: 'Ioana Marin now manages every kitchen.' });
  });

  it('checks the invitation beside its fields, sends one key for every attempt of one invitation, and shows a 409 beside the e-mail', async () => {
    answers.push(listOf(OWNER));
    await renderSection();
    const form = screen.getByRole('region', { name: 'Invite a manager' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(within(form).getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Enter the first name')).toBeTruthy();
    expect(writes()).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'ana@example.ro' } });
    fireEvent.change(within(form).getByLabelText('First name'), { target: { value: 'Ana' } });
    fireEvent.change(within(form).getByLabelText('Last name'), { target: { value: 'Popescu' } });
    fireEvent.change(within(form).getByLabelText('Kitchen'), { target: { value: '1' } });
    answers.push(() => {
      throw new TypeError('Failed to fetch');
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        type: 'error',
        message: 'You are offline. Managing staff needs the network: nothing was changed or queued.',
      }),
    );
    // Offline: nothing queued, the form keeps what was typed.
    expect((within(form).getByLabelText('E-mail') as HTMLInputElement).value).toBe('ana@example.ro');

    const message =
      'This e-mail already has a customer account. A customer account is never made a manager: invite another e-mail address.';
    answers.push(json({ error: { status: 409, code: 'email_taken', message } }, 409));
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(within(form).getByText(message).className).toBe('field__error'));
    const [first, second] = writes();
    expect(first).toMatchObject({
      url: '/api/admin/staff',
      method: 'POST',
      body: { email: 'ana@example.ro', firstName: 'Ana', lastName: 'Popescu', locationId: 1 },
    });
    expect(first!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.key, 'the retry of the same invitation').toBe(first!.key);

    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'ana.munca@example.ro' } });
    answers.push(json({ member: { ...IOANA, id: 4, email: 'ana.munca@example.ro', locationId: 1 } }, 201), listOf(OWNER));
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ type: 'success', title: 'Invitation sent' }));
    expect(writes()[2]!.key, 'another invitation, another key').not.toBe(first!.key);
    expect((within(form).getByLabelText('E-mail') as HTMLInputElement).value).toBe('');
  });

  it('removes a manager only after the confirmation', async () => {
    answers.push(listOf(OWNER, RADU));
    const list = await renderSection();
    fireEvent.click(within(list).getByRole('button', { name: 'Remove Radu Ene' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Radu Ene?' });
    expect(dialog.textContent).toContain('signed out on every device at once');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes()).toHaveLength(0);

    fireEvent.click(within(list).getByRole('button', { name: 'Remove Radu Ene' }));
    answers.push(json({ userId: RADU.id }), listOf(OWNER));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove manager' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(writes()).toEqual([{ url: '/api/admin/staff/3', method: 'DELETE', body: undefined, key: null }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when the account manages one kitchen only (the server answers 403)', async () => {
    answers.push(json({ error: { status: 403, code: 'all_kitchens_only', message: 'Only a manager of every kitchen can do this.' } }, 403));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <StaffSection locations={LOCATIONS} userId={9} />
      </QueryClientProvider>,
      { wrapper: await inLanguage() },
    );
    expect(await screen.findByText('Only a manager of every kitchen can manage staff.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Invite a manager' })).toBeNull();
  });
});
