// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { inLanguage } from '../../../../tests/fixtures/language';
import { ContactPage } from './contact-page';

async function renderContact(locale: 'en' | 'ro') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  render(
    <QueryClientProvider client={client}>
      <ContactPage info={undefined} hoursText="11:00-22:00" />
    </QueryClientProvider>,
    { wrapper: await inLanguage(locale) },
  );
}

describe('the contact page', () => {
  it('in Romanian: its labels, and what the form refuses said in Romanian with the plural of the length', async () => {
    await renderContact('ro');
    expect(screen.getByLabelText('Nume')).toBeTruthy();
    expect(screen.getByText('11:00-22:00, deschis zilnic')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Mesaj'), { target: { value: 'Salut' } });
    fireEvent.click(screen.getByRole('button', { name: 'Trimite mesajul' }));
    expect(await screen.findByText('Completează numele')).toBeTruthy();
    expect(screen.getByText('Introdu o adresă de e-mail validă')).toBeTruthy();
    expect(screen.getByText('Scrie cel puțin 10 caractere')).toBeTruthy();
  });

  it('in English: the words the page always said', async () => {
    await renderContact('en');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('Write at least 10 characters')).toBeTruthy();
  });
});
