/**
 * Whether React has hydrated an element of the server's first paint (docs/decisions/0155): React
 * marks each node it owns with its own property (`__reactFiber$…`, as src/lib/held-taps.ts reads
 * it). A test that stops the page's clock waits for this first: a tap held before hydration is
 * clicked again on a later animation frame, which a stopped clock never brings.
 */
import type { Locator } from '@playwright/test';

import { expect } from '../fixtures';

export async function expectHydrated(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'))), {
      message: 'React has hydrated the element',
    })
    .toBe(true);
}
