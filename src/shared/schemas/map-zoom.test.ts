import { describe, expect, it } from 'vitest';

import { clampZoom, MAP_DEFAULT_ZOOM, MAP_MAX_ZOOM, MAP_MIN_ZOOM } from './address';

describe('clampZoom (spec §5, §9: zoom 1..21)', () => {
  it('keeps zooms inside 1..21 and clamps the rest to the edges', () => {
    expect([MAP_MIN_ZOOM, MAP_MAX_ZOOM, MAP_DEFAULT_ZOOM]).toEqual([1, 21, 12]);
    expect(clampZoom(1)).toBe(1);
    expect(clampZoom(12.5)).toBe(12.5);
    expect(clampZoom(21)).toBe(21);
    expect(clampZoom(0)).toBe(1);
    expect(clampZoom(-3)).toBe(1);
    expect(clampZoom(22)).toBe(21);
    expect(clampZoom(Number.POSITIVE_INFINITY)).toBe(MAP_DEFAULT_ZOOM);
    expect(clampZoom(Number.NaN)).toBe(MAP_DEFAULT_ZOOM);
  });
});
