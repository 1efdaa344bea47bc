import { describe, expect, it } from 'vitest';

import type { RestaurantSettings } from '../../shared/schemas/restaurant';
import { coverageAreaKm2, formatCoverageArea, formToSettingsUpdate, parseLeiToBani, parseRadiusKm, settingsToForm } from './settings-form';

const SETTINGS: RestaurantSettings = {
  name: 'Casa Grătarului',
  description: 'Grătar tradițional',
  phone: '0244 123 456',
  email: 'contact@casagratarului.ro',
  address: 'Str. Exemplu 1, Ploiești',
  isOpen: true,
  deliveryFeeBani: 750,
  minimumOrderBani: 4000,
  minimumOrderAppliesToPickup: true,
  estimatedDeliveryTime: '30-45 minutes',
  acceptWithinMinutes: 5,
  deliveryRadiusKm: 10,
  zoneValidationType: 'radius',
  deliveryZoneName: 'ploiesti',
  deliveryBaseLat: 44.9537,
  deliveryBaseLng: 26.0224,
  status: 'active',
  version: 3,
  updatedAt: '2026-11-22T12:00:00.000Z',
};

describe('radius', () => {
  it('falls back to 10 km when unparseable (spec §5)', () => {
    expect(parseRadiusKm('')).toBe(10);
    expect(parseRadiusKm('abc')).toBe(10);
    expect(parseRadiusKm(undefined)).toBe(10);
    expect(parseRadiusKm(Number.NaN)).toBe(10);
  });
  it('clamps to 1-25 km in 0.5 km steps', () => {
    expect(parseRadiusKm('7.5')).toBe(7.5);
    expect(parseRadiusKm('7,3')).toBe(7.5);
    expect(parseRadiusKm('0')).toBe(1);
    expect(parseRadiusKm('40')).toBe(25);
    expect(parseRadiusKm(5)).toBe(5);
  });
});

describe('coverage area', () => {
  it('is π·r² in km² with one decimal', () => {
    expect(coverageAreaKm2(10)).toBe(314.2);
    expect(coverageAreaKm2(5)).toBe(78.5);
    expect(coverageAreaKm2(1)).toBe(3.1);
    expect(formatCoverageArea(25)).toBe('1963.5 km²');
    expect(formatCoverageArea(1)).toBe('3.1 km²');
  });
});

describe('lei ↔ bani', () => {
  it('parses typed lei into integer bani', () => {
    expect(parseLeiToBani('7.50')).toBe(750);
    expect(parseLeiToBani('7,5')).toBe(750);
    expect(parseLeiToBani('0')).toBe(0);
    expect(parseLeiToBani('0.1')).toBe(10);
    expect(parseLeiToBani('19.99')).toBe(1999);
    expect(parseLeiToBani('-1')).toBeNull();
    expect(parseLeiToBani('1.234')).toBeNull();
    expect(parseLeiToBani('abc')).toBeNull();
  });
  it('round-trips settings through the form', () => {
    const form = settingsToForm(SETTINGS);
    expect(form).toMatchObject({
      minimumOrderAppliesToPickup: true,
      acceptWithinMinutes: '5',
      version: 3,
    });
    // Issue 22: the fee, minimum and radius are each kitchen's (the Kitchens section), not this form's.
    expect(form).not.toHaveProperty('deliveryFee');
    expect(form).not.toHaveProperty('minimumOrder');
    expect(form).not.toHaveProperty('deliveryRadiusKm');
    const result = formToSettingsUpdate(form);
    expect(result).toEqual({
      ok: true,
      value: {
        name: SETTINGS.name,
        description: SETTINGS.description,
        phone: SETTINGS.phone,
        email: SETTINGS.email,
        address: SETTINGS.address,
        isOpen: true,
        minimumOrderAppliesToPickup: true,
        estimatedDeliveryTime: '30-45 minutes',
        acceptWithinMinutes: 5,
        deliveryBaseLat: 44.9537,
        deliveryBaseLng: 26.0224,
        version: 3,
      },
    });
  });
  it('names the field of a typo', () => {
    expect(formToSettingsUpdate({ ...settingsToForm(SETTINGS), name: ' ' })).toMatchObject({ ok: false, problem: { field: 'name' } });
    // Issue 19: the minutes to accept a new order are whole minutes from 1 to 60.
    for (const typo of ['0', '61', '2.5', 'abc', ''])
      expect(formToSettingsUpdate({ ...settingsToForm(SETTINGS), acceptWithinMinutes: typo })).toMatchObject({
        ok: false,
        problem: { field: 'acceptWithinMinutes' },
      });
    expect(formToSettingsUpdate({ ...settingsToForm(SETTINGS), acceptWithinMinutes: ' 12 ' })).toMatchObject({
      ok: true,
      value: { acceptWithinMinutes: 12 },
    });
  });
});
