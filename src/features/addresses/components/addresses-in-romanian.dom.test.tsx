// @vitest-environment happy-dom
/** The address screens in Romanian (issue 23): the search field with its plural hint, a saved address's card. */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { inLanguage } from '../../../../tests/fixtures/language';
import { savedAddress } from '../../../../tests/fixtures/saved-address';
import { AddressCard } from './address-card';
import { AddressSearchField } from './address-search-field';

describe('addresses in Romanian (DOM)', () => {
  it('asks for the street with the Romanian plural of characters, and says offline it searches the device', async () => {
    const wrapper = await inLanguage('ro');
    const props = {
      ids: 'form',
      text: 'do',
      shown: null,
      activeIndex: -1,
      searching: false,
      onTextChange: vi.fn(),
      onMove: vi.fn(),
      onDismiss: vi.fn(),
      onChoose: vi.fn(),
    };
    const { rerender } = render(<AddressSearchField {...props} online />, { wrapper });
    const box = screen.getByRole('combobox', { name: 'Caută adresa' });
    expect(box.getAttribute('placeholder')).toBe('Strada și numărul, de exemplu Gheorghe Doja 12');
    expect(screen.getByText('Scrie cel puțin 3 caractere. Doar străzi din Ploiești.')).toBeTruthy();
    rerender(<AddressSearchField {...props} online={false} />);
    expect(screen.getByText(/Fără conexiune: căutăm în lista de străzi de pe acest dispozitiv\.$/)).toBeTruthy();
  });

  it("shows a saved address's card with its Romanian label, badges and buttons", async () => {
    const address = savedAddress({ label: 'home', isDefault: true, isDeliverable: true, distanceKm: 2.4 });
    render(<AddressCard address={address} />, { wrapper: await inLanguage('ro') });
    const card = screen.getByRole('article', { name: 'Acasă' });
    expect(within(card).getByText('Principală')).toBeTruthy();
    expect(within(card).getByText('Livrăm aici')).toBeTruthy();
    expect(within(card).getByText('2,4 km')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Nu mai e principală' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Modifică' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Șterge' })).toBeTruthy();
  });
});
