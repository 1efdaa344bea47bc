// @vitest-environment happy-dom
/**
 * Issue 23: no English from the server on a Romanian screen. A refusal is worded by its code (a
 * toast, a stored outbox refusal read after the switch), the go-live checklist by its ids and codes.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { everyWordOf } from '../../../../tests/fixtures/every-word';
import { kitchen } from '../../../../tests/fixtures/kitchen';
import { inLanguage } from '../../../../tests/fixtures/language';
import { outboxRowFixture } from '../../../../tests/fixtures/outbox-row';
import { QueuedOrderReview } from '../../../components/queued-order';
import { notificationsAtom } from '../../../lib/notify';
import { appStore } from '../../../lib/store';
import type { GoLiveResponse } from '../../../shared/schemas/go-live';
import type { StaffMember } from '../../../shared/schemas/staff';
import { GoLiveChecklist } from './go-live-checklist';
import { StaffSection } from './staff-section';

const romanian = everyWordOf('ro');

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let answers: Response[] = [];
beforeEach(() => {
  answers = [];
  appStore.set(notificationsAtom, []);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answers.shift() ?? json({ error: { status: 500, code: 'unexpected', message: 'no answer queued' } }, 500)),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderInRomanian(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>, { wrapper: await inLanguage('ro') });
}

/** A manager account; `setByConfiguration` marks the one named by ADMIN_EMAIL. */
function manager(id: number, firstName: string, lastName: string, setByConfiguration = false): StaffMember {
  const email = `${firstName.toLowerCase()}@example.ro`;
  return { id, email, firstName, lastName, locationId: null, passwordSet: true, createdAt: '2026-11-01T10:00:00.000Z', setByConfiguration };
}
const OWNER = manager(1, 'Maria', 'Pop', true);
const IOANA = manager(2, 'Ioana', 'Marin');

describe('a Romanian screen words what the server sends (issue 23)', () => {
  it("a refusal's toast: the code's Romanian words, never the server's English", async () => {
    answers.push(json({ staff: [OWNER, IOANA] }));
    await renderInRomanian(<StaffSection locations={[kitchen(1, 'Nord'), kitchen(2, 'Centru')]} userId={OWNER.id} />);
    const select = await screen.findByLabelText(
      `${romanian._('admin.common.kitchen')} ${romanian._('admin.staff.kitchenOf', { name: 'Ioana Marin' })}`,
    );
    const english = 'There must be at least one manager of every kitchen.';
    answers.push(json({ error: { status: 409, code: 'last_all_kitchens_manager', message: english } }, 409));
    fireEvent.change(select, { target: { value: '1' } });
    await waitFor(() => expect(appStore.get(notificationsAtom)[0]).toBeDefined());
    expect(appStore.get(notificationsAtom)[0]).toMatchObject({
      type: 'error',
      title: romanian._('admin.staff.kitchenNotChanged'),
      message: 'Trebuie să rămână cel puțin un manager al tuturor bucătăriilor.',
    });
  });

  it('an order refused while queued, stored in English, reads Romanian after the switch', async () => {
    const entry = {
      ...outboxRowFixture('order.create'),
      status: 'needs-attention' as const,
      lastError: 'You already have orders waiting for the restaurant to confirm them. Please wait for a confirmation, or call us.',
      lastErrorCode: 'too_many_open_orders',
    };
    await renderInRomanian(<QueuedOrderReview entry={entry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Ai deja comenzi care așteaptă confirmarea restaurantului.');
    expect(alert.textContent).not.toContain('You already have');
    // A write still waiting for the network (no code) says to check the connection, in Romanian.
    const waiting = { ...entry, lastError: 'Failed to fetch', lastErrorCode: null };
    await renderInRomanian(<QueuedOrderReview entry={waiting} />);
    expect(screen.getAllByRole('alert')[1]!.textContent).toContain(romanian._('common.error.client.network'));
  });

  it('the go-live checklist: its items, what is in use and what to set, from ids and codes', async () => {
    const body: GoLiveResponse = {
      testPayments: true,
      items: [
        {
          id: 'payments',
          done: false,
          current: 'test-checkout',
          names: {
            payments: 'PAYMENTS=stripe',
            secretKey: 'STRIPE_SECRET_KEY',
            webhookSecret: 'STRIPE_WEBHOOK_SECRET',
            webhookPath: '/api/payments/webhook',
          },
        },
        {
          id: 'mail',
          done: false,
          current: 'mail-files',
          names: { folder: 'DATA_DIR/mail', smtpUrl: 'SMTP_URL', smtpExample: 'smtp://user:password@host:587', mailFrom: 'MAIL_FROM' },
        },
        {
          id: 'admin-password',
          done: true,
          current: 'password-changed',
          names: { file: 'DATA_DIR/x', email: 'ADMIN_EMAIL', password: 'ADMIN_PASSWORD' },
        },
      ],
    };
    answers.push(json(body));
    await renderInRomanian(<GoLiveChecklist />);
    const list = await screen.findByRole('list');
    const [payments, mail, password] = within(list).getAllByRole('listitem');
    expect(payments!.textContent).toContain('Plăți cu cardul');
    expect(payments!.textContent).toContain('Acum: Plată de test (nu se mișcă niciun ban)');
    expect(payments!.textContent).toContain(
      'Setează PAYMENTS=stripe cu STRIPE_SECRET_KEY și STRIPE_WEBHOOK_SECRET; îndreaptă webhook-ul Stripe spre /api/payments/webhook.',
    );
    expect(mail!.textContent).toContain('Acum: Păstrate ca fișiere în DATA_DIR/mail (nu le primește nimeni)');
    expect(password!.textContent).toContain('Parola managerului');
    expect(password!.textContent).toContain('Acum: Schimbată');
    expect(screen.getByText('1 din 3 gata')).toBeTruthy();
    for (const english of ['Card payments', 'Test checkout', 'Set PAYMENTS', 'Kept as files', 'Changed'])
      expect(list.textContent).not.toContain(english);
  });
});
