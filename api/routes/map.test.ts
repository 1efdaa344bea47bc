import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { haversineKm } from '../../src/shared/domain/zones';
import { mapConfigSchema } from '../../src/shared/schemas/address';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp } from '../../tests/setup/test-app';
import { CITY_ATTRIBUTION } from './map';

interface StyleShape {
  version: number;
  glyphs?: string;
  sources: Record<
    string,
    {
      type: string;
      attribution?: string;
      data: { type: string; features?: { geometry?: { coordinates: number[][][] } }[]; geometry?: { coordinates: number[][][] } };
    }
  >;
  layers: { id: string; type: string }[];
}

let t: TestApp;
afterEach(async () => {
  await t.close();
});

describe('map style', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it('points the PWA at the embedded style by default', async () => {
    const config = mapConfigSchema.parse(await (await t.request('/api/map/config')).json());
    expect(config).toEqual({ styleUrl: '/api/map/style.json', embeddedStyle: true });
  });

  it('serves an offline style: no tiles, no glyphs, city limit with attribution, locations and the delivery circle', async () => {
    const response = await t.request('/api/map/style.json');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toMatch(/https?:\/\//);
    const style = JSON.parse(text) as StyleShape;
    expect(style.version).toBe(8);
    expect(style.glyphs).toBeUndefined();
    expect(Object.values(style.sources).every((s) => s.type === 'geojson')).toBe(true);
    expect(style.sources.city?.attribution).toBe(CITY_ATTRIBUTION);
    expect(style.sources.city?.data.features).toHaveLength(1);
    expect(style.sources.restaurants?.data.features).toHaveLength(2);
    // Issue 22: one circle per kitchen, around its own pin, at its own radius (10 km in the seed).
    const circles = style.sources.delivery!.data.features!;
    expect(circles).toHaveLength(2);
    const pins = [
      { latitude: 44.9537, longitude: 26.0224 },
      { latitude: 44.9352, longitude: 26.0318 },
    ];
    circles.forEach((circle, index) => {
      for (const [lng, lat] of circle.geometry!.coordinates[0]!)
        expect(haversineKm(pins[index]!, { latitude: lat!, longitude: lng! })).toBeCloseTo(10, 1);
    });
    expect(style.layers.map((l) => l.id)).toContain('background');
  });

  it("each circle follows its kitchen's radius", async () => {
    const [first] = await t.deps.store.db.selectFrom('locations').select('id').orderBy('sort_order').execute();
    await t.deps.store.db
      .updateTable('locations')
      .set({ delivery_zone: JSON.stringify({ kind: 'radius', radiusKm: 5 }) })
      .where('id', '=', first!.id)
      .execute();
    const style = (await (await t.request('/api/map/style.json')).json()) as StyleShape;
    const [lng, lat] = style.sources.delivery!.data.features![0]!.geometry!.coordinates[0]![0]!;
    expect(haversineKm({ latitude: 44.9537, longitude: 26.0224 }, { latitude: lat!, longitude: lng! })).toBeCloseTo(5, 1);
  });
});

describe('MAP_STYLE_URL', () => {
  it('is what the PWA loads when set', async () => {
    t = await createTestApp({ env: { MAP_STYLE_URL: 'https://tiles.example.ro/styles/liberty.json' } });
    const config = mapConfigSchema.parse(await (await t.request('/api/map/config')).json());
    expect(config).toEqual({ styleUrl: 'https://tiles.example.ro/styles/liberty.json', embeddedStyle: false });
  });
});
