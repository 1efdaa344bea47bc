/** Shared checks for the storefront specs: axe (QUALITY U1) and touch-target sizes (U2). */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';

import { expect } from './fixtures';

/** 0 serious or critical axe violations on what the page shows now (open dialogs included). */
export async function expectNoSeriousAxeViolations(page: Page, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    'serious or critical axe violations',
  ).toEqual([]);
}

/** Every visible button in `scope` is at least 44 x 44 CSS px. */
export async function expectTouchTargets(scope: Locator, minimumPx = 44): Promise<void> {
  const sizes = await scope.locator('button:visible').evaluateAll((buttons) =>
    buttons.map((b) => {
      const r = b.getBoundingClientRect();
      return { name: b.getAttribute('aria-label') ?? b.textContent?.trim() ?? '', width: r.width, height: r.height };
    }),
  );
  expect(sizes.length).toBeGreaterThan(0);
  const small = sizes.filter((s) => s.width < minimumPx - 0.5 || s.height < minimumPx - 0.5);
  expect(small, 'buttons smaller than the touch target').toEqual([]);
}
