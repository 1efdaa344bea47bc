// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { inLanguage } from '../../../../tests/fixtures/language';
import type { SentMailResponse } from '../../../shared/schemas/sent-mail';
import { sentMailKeys } from '../api/sent-mail-api';
import { SentMailList } from './sent-mail-list';

const KEPT: SentMailResponse = {
  smtp: false,
  messages: [
    { id: 1, to: 'ana@example.ro', subject: 'Comanda ORD-1', text: 'Mulțumim!', html: null, createdAt: '2026-11-22T12:05:00.000Z' },
  ],
};

async function renderList(locale: 'en' | 'ro') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(sentMailKeys.all, KEPT);
  render(
    <QueryClientProvider client={client}>
      <SentMailList />
    </QueryClientProvider>,
    { wrapper: await inLanguage(locale) },
  );
}

describe('the manager’s sent mail', () => {
  it('in Romanian: the heading, the note and the time in Bucharest with a Romanian month', async () => {
    await renderList('ro');
    expect(screen.getByRole('heading', { name: 'E-mailuri trimise' })).toBeTruthy();
    expect(screen.getByText(/Nu e setat niciun server SMTP/)).toBeTruthy();
    expect(screen.getByText(/ana@example\.ro, 22 nov\.?,? 14:05/)).toBeTruthy();
  });

  it('in English: as it always read', async () => {
    await renderList('en');
    expect(screen.getByRole('heading', { name: 'Sent mail' })).toBeTruthy();
    expect(screen.getByText(/ana@example\.ro, 22 Nov,? 14:05/)).toBeTruthy();
  });
});
