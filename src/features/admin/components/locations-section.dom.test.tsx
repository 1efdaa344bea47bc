// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { kitchen } from '../../../../tests/fixtures/kitchen';
import { inLanguage } from '../../../../tests/fixtures/language';
import { LocationsSection } from './locations-section';

const HOURS = {
  weekly: { mon: [{ open: '11:00', close: '22:00' }], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
  exceptions: [],
};
const LOCATIONS = [kitchen(1, 'Centru', { openingHours: HOURS, version: 3 }), kitchen(2, 'Nord', { openingHours: HOURS, version: 3 })];

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let answers: Response[] = [];
const sent: { url: string; body: unknown }[] = [];

beforeEach(() => {
  answers = [];
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      // The map's configuration never answers here: the form shows 'Loading Map...' and its coordinate fields.
      if (String(input).includes('map')) return new Promise<Response>(() => {});
      sent.push({ url: String(input), body: JSON.parse(String(init.body)) });
      return answers.shift() ?? json({ error: { status: 500, code: 'unexpected', message: 'no answer queued' } }, 500);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const wrapper = await inLanguage();

function renderSection(onSaved = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LocationsSection locations={LOCATIONS} onSaved={onSaved} />
    </QueryClientProvider>,
    { wrapper },
  );
  fireEvent.click(screen.getByRole('button', { name: 'Nord' }));
  return { editor: screen.getByRole('region', { name: 'Nord' }), onSaved };
}

describe('the Kitchens section', () => {
  it('adds and removes fee band rows, keeping at least one', () => {
    const { editor } = renderSection();
    expect(within(editor).getAllByLabelText(/^Band \d+ fee \(lei\)$/)).toHaveLength(1);
    expect((within(editor).getByRole('button', { name: 'Remove band 1' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(editor).getByRole('button', { name: 'Add band' }));
    expect((within(editor).getByLabelText('Band 1 up to (km)') as HTMLInputElement).valueAsNumber).toBe(5);
    expect((within(editor).getByLabelText('Band 2 up to (km)') as HTMLInputElement).valueAsNumber).toBe(10);
    expect((within(editor).getByLabelText('Band 2 fee (lei)') as HTMLInputElement).valueAsNumber).toBe(7.5);
    fireEvent.click(within(editor).getByRole('button', { name: 'Remove band 1' }));
    expect(within(editor).getAllByLabelText(/^Band \d+ fee \(lei\)$/)).toHaveLength(1);
    expect((within(editor).getByLabelText('Band 1 up to (km)') as HTMLInputElement).valueAsNumber).toBe(10);
  });

  it('refuses a last band short of the radius beside its field, without a request', () => {
    const { editor } = renderSection();
    fireEvent.change(within(editor).getByLabelText('Band 1 up to (km)'), { target: { value: '8' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save Nord' }));
    const field = within(editor).getByLabelText('Band 1 up to (km)');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(
      'The last band must reach the delivery radius (10 km)',
    );
    expect(sent).toHaveLength(0);
  });

  it('saves the kitchen with its version; a 400 puts the message beside its field; a 409 shows both versions', async () => {
    const { editor, onSaved } = renderSection();
    fireEvent.change(within(editor).getByLabelText('Preparation lead time (minutes)'), { target: { value: '45' } });
    answers.push(
      json(
        {
          error: {
            status: 400,
            code: 'invalid_input',
            message: 'Check the fields',
            details: [{ path: 'minimumOrderBani', message: 'too big' }],
          },
        },
        400,
      ),
    );
    fireEvent.click(within(editor).getByRole('button', { name: 'Save Nord' }));
    await waitFor(() => expect(within(editor).getByText('too big').className).toBe('field__error'));
    expect(sent[0]!.url).toBe('/api/admin/locations/2');
    expect(sent[0]!.body).toMatchObject({ leadMinutes: 45, version: 3, deliveryFees: { bands: [{ upToKm: 10, feeBani: 750 }] } });
    expect(within(editor).getByLabelText('Minimum order (lei)').getAttribute('aria-invalid')).toBe('true');

    const current = kitchen(2, 'Nord Ploiești', { openingHours: HOURS, leadMinutes: 20, version: 4 });
    answers.push(json({ error: { status: 409, code: 'location_conflict', message: 'Someone else saved', details: { current } } }, 409));
    fireEvent.click(within(editor).getByRole('button', { name: 'Save Nord' }));
    const banner = await within(editor).findByRole('alert');
    expect(within(banner).getByText('Your version').parentElement?.textContent).toContain('45 min');
    expect(within(banner).getByText('Saved meanwhile').parentElement?.textContent).toContain('Nord Ploiești');
    expect(within(banner).getByText('Saved meanwhile').parentElement?.textContent).toContain('20 min');
    fireEvent.click(within(banner).getByRole('button', { name: 'Load current settings' }));
    expect(onSaved).toHaveBeenCalledTimes(1);
  });
});
