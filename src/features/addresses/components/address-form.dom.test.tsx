// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { inLanguage } from '../../../../tests/fixtures/language';

import { notificationsAtom } from '../../../lib/notify';
import { appStore } from '../../../lib/store';
import { AddressForm } from './address-form';

// Answers come after real debounces (300 and 500 ms) on a machine that may be busy: wait up to 10 s.
configure({ asyncUtilTimeout: 10_000 });

const DOJA_12 = {
  place_id: 'gazetteer:strada-doja-gheorghe:12',
  description: 'Strada Doja Gheorghe 12, Ploiești, Romania',
  structured_formatting: { main_text: 'Strada Doja Gheorghe 12', secondary_text: 'Ploiești, Romania' },
};
const PLACE = {
  placeId: DOJA_12.place_id,
  streetAddress: 'Strada Doja Gheorghe 12',
  city: 'Ploiești',
  postalCode: '100151',
  country: 'Romania',
  formattedAddress: 'Strada Doja Gheorghe 12, 100151 Ploiești, Romania',
  houseNumber: '12',
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The server's answer to a place check: valid; deliverable once there is a pin (the gazetteer has none). */
function validation(body: { latitude?: number; longitude?: number }) {
  const pinned = body.latitude !== undefined && body.longitude !== undefined;
  return {
    isValid: true,
    isDeliverable: pinned,
    deliveryZone: pinned ? '1.6 km Center' : null,
    deliveryFeeBani: 500,
    deliveryFee: '5.00',
    estimatedTime: pinned ? '30-45 minutes' : null,
    distance: pinned ? 1.6 : null,
    latitude: pinned ? body.latitude : null,
    longitude: pinned ? body.longitude : null,
    method: 'Street gazetteer',
    place: PLACE,
  };
}

interface Sent {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

/** The API as the panel sees it (the network edge): what it asked, and the embedded geocoder's answers. */
function fakeApi() {
  const sent: Sent[] = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    sent.push({ method: init.method ?? 'GET', path: url.pathname, body });
    switch (url.pathname) {
      case '/api/map/config':
        return json({ error: { status: 503, code: 'unavailable', message: 'No map here' } }, 503);
      case '/api/geo/autocomplete':
        return json({ predictions: [DOJA_12] });
      case '/api/geo/validate-address':
        return json(validation(body as { latitude?: number; longitude?: number }));
      case '/api/geo/reverse':
        return json({
          found: true,
          streetNumber: '12',
          route: 'Strada Doja Gheorghe',
          postalCode: '100151',
          locality: 'Ploiești',
          country: 'Romania',
          formattedAddress: PLACE.formattedAddress,
          placeId: PLACE.placeId,
          insideCity: true,
        });
      case '/api/addresses':
        return json(
          {
            address: {
              ...body,
              id: 1,
              customLabel: null,
              apartment: null,
              scara: null,
              etaj: null,
              apartament: null,
              interfon: null,
              isValidated: true,
              lastValidatedAt: null,
              validationMethod: 'Street gazetteer',
              validationNotes: null,
              deliveryInstructions: null,
              isDeliverable: true,
              deliveryZoneName: '1.6 km Center',
              estimatedDeliveryTime: null,
              deliveryFeeOverrideBani: null,
              distanceKm: 1.6,
              isDefault: false,
              createdAt: '2026-11-22T12:00:00.000Z',
              updatedAt: '2026-11-22T12:00:00.000Z',
            },
          },
          201,
        );
    }
    return json({ error: { status: 404, code: 'not_found', message: 'Not found' } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

let inEnglish: (props: { children: ReactNode }) => ReactNode;
beforeAll(async () => {
  inEnglish = await inLanguage();
});

function renderForm(onDone = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'offlineFirst' } } });
  render(
    <QueryClientProvider client={client}>
      <AddressForm onDone={onDone} />
    </QueryClientProvider>,
    { wrapper: inEnglish },
  );
  return onDone;
}

const toasts = () => appStore.get(notificationsAtom).map((n) => n.title);

beforeEach(() => appStore.set(notificationsAtom, []));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AddressForm (DOM)', () => {
  it('finds the street, takes its number, places the pin by coordinates, and saves what the server checked', async () => {
    const sent = fakeApi();
    const onDone = renderForm();
    await screen.findByText('The map is unavailable right now. Enter the pin coordinates below.');

    fireEvent.change(screen.getByRole('combobox', { name: 'Search address' }), { target: { value: 'gheorghe doja 12' } });
    fireEvent.click(await screen.findByRole('option', { name: /Strada Doja Gheorghe 12/ }));

    // The choice closes the list, fills the number and is checked (no pin yet: the gazetteer has none).
    expect(screen.queryAllByRole('option', { name: /Strada Doja/ })).toHaveLength(0);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'House number' }).value).toBe('12');
    await screen.findByText(/^Street found\. Place the pin/);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Waiting for Validation...' }).disabled).toBe(true);
    expect(sent.filter((s) => s.path === '/api/geo/validate-address').map((s) => s.body)).toEqual([
      { place_id: DOJA_12.place_id, formatted_address: DOJA_12.description },
    ]);
    expect(sent.filter((s) => s.path === '/api/geo/autocomplete')).toHaveLength(1);

    const coordinates = screen.getByRole('group', { name: 'Pin coordinates' });
    fireEvent.change(within(coordinates).getByRole('textbox', { name: 'Latitude' }), { target: { value: '44,9399' } });
    fireEvent.change(within(coordinates).getByRole('textbox', { name: 'Longitude' }), { target: { value: '26.027' } });
    fireEvent.click(within(coordinates).getByRole('button', { name: 'Place pin' }));

    // After the reverse lookup the place is checked again with the pin: deliverable, and save is enabled.
    const save = await screen.findByRole<HTMLButtonElement>('button', { name: 'Add Address' }, { timeout: 15_000 });
    expect(save.disabled).toBe(false);
    expect(screen.getByText('Deliverable')).toBeTruthy();
    expect(toasts()).toContain('Address Validated!');
    expect(sent.filter((s) => s.path === '/api/geo/validate-address').at(-1)?.body).toEqual({
      place_id: PLACE.placeId,
      formatted_address: PLACE.formattedAddress,
      latitude: 44.9399,
      longitude: 26.027,
    });

    fireEvent.change(screen.getByRole('textbox', { name: 'Bloc' }), { target: { value: '34B' } });
    fireEvent.click(save);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const posted = sent.find((s) => s.path === '/api/addresses' && s.method === 'POST');
    expect(posted?.body).toMatchObject({
      placeId: PLACE.placeId,
      streetAddress: 'Strada Doja Gheorghe 12',
      houseNumber: '12',
      noHouseNumber: false,
      bloc: '34B',
      postalCode: '100151',
      latitude: 44.9399,
      longitude: 26.027,
      pinConfirmed: true,
    });
    expect(toasts()).toContain('Address Added');
    // The save has settled (the caller would close the panel now).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Address' })).toBeTruthy());
  });

  it('offline: finds and checks the street on the device, asks for the pin, and sends nothing', async () => {
    const sent = fakeApi();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderForm();
    expect(screen.getByRole('note').textContent).toMatch(/^You are offline: find your street in the list saved on this device/);

    fireEvent.change(screen.getByRole('combobox', { name: 'Search address' }), { target: { value: 'gheorghe doja 75' } });
    fireEvent.click(await screen.findByRole('option', { name: /Strada Doja Gheorghe 75/ }, { timeout: 15_000 }));
    await screen.findByText(/^Street found on this device\. Place the pin/, undefined, { timeout: 15_000 });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Place the pin first' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Postal code' }).value).toBe('100141');

    const coordinates = screen.getByRole('group', { name: 'Pin coordinates' });
    fireEvent.change(within(coordinates).getByRole('textbox', { name: 'Latitude' }), { target: { value: '44.9399' } });
    fireEvent.change(within(coordinates).getByRole('textbox', { name: 'Longitude' }), { target: { value: '26.027' } });
    fireEvent.click(within(coordinates).getByRole('button', { name: 'Place pin' }));
    await screen.findByText(/the restaurant checks delivery to this pin when the address is sent/, undefined, { timeout: 15_000 });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add Address' }).disabled).toBe(false);
    // No search, no check, no reverse lookup, nothing at all reached the network.
    expect(sent).toEqual([]);
  });

  it('says what is wrong with typed coordinates and keeps the pin where it was', async () => {
    fakeApi();
    renderForm();
    await screen.findByText('The map is unavailable right now. Enter the pin coordinates below.');
    const coordinates = screen.getByRole('group', { name: 'Pin coordinates' });
    fireEvent.change(within(coordinates).getByRole('textbox', { name: 'Latitude' }), { target: { value: '95' } });
    fireEvent.change(within(coordinates).getByRole('textbox', { name: 'Longitude' }), { target: { value: '26' } });
    fireEvent.click(within(coordinates).getByRole('button', { name: 'Place pin' }));
    expect(within(coordinates).getByRole('alert').textContent).toBe(
      'Enter a latitude between -90 and 90 and a longitude between -180 and 180.',
    );
    expect(screen.queryByRole('group', { name: 'Address summary' })).toBeNull();
  });
});
