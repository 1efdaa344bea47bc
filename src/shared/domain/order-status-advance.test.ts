import { describe, expect, it } from 'vitest';

import { canAdvanceTo } from './order-status';

describe('canAdvanceTo (automatic forward moves)', () => {
  it('lets the POS hand-off move a received order straight to the kitchen', () => {
    expect(canAdvanceTo('received', 'sent to kitchen')).toBe(true);
    expect(canAdvanceTo('preparing', 'sent to kitchen')).toBe(true);
  });
  it('never moves backwards, out of a final state or to cancelled', () => {
    expect(canAdvanceTo('out for delivery', 'sent to kitchen')).toBe(false);
    expect(canAdvanceTo('sent to kitchen', 'sent to kitchen')).toBe(false);
    expect(canAdvanceTo('cancelled', 'sent to kitchen')).toBe(false);
    expect(canAdvanceTo('delivered', 'sent to kitchen')).toBe(false);
    expect(canAdvanceTo('received', 'cancelled')).toBe(false);
    expect(canAdvanceTo('preparing', 'out for delivery', 'pickup')).toBe(false);
  });
});
