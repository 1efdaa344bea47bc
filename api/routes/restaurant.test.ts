import { afterEach, describe, expect, it } from 'vitest';

import { restaurantInfoSchema } from '../../src/shared/schemas/restaurant';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp } from '../../tests/setup/test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
});

describe('GET /api/restaurant', () => {
  it('answers settings, the two locations and the configured cakes shop link', async () => {
    t = await createTestApp({ env: { CAKES_SHOP_URL: 'https://torturi.example.ro/comanda' } });
    const response = await t.request('/api/restaurant');
    expect(response.status).toBe(200);
    const info = restaurantInfoSchema.parse(await response.json());
    expect(info.locations).toHaveLength(2);
    expect(info.cakesShopUrl).toBe('https://torturi.example.ro/comanda');
  });
});
