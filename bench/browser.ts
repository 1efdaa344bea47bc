/**
 * Browser rows of QUALITY.md, in Debian's Chromium through Playwright:
 * P3 offline repeat visit (menu painted after a reload with the network off, 4x CPU), with the cart
 *    surviving; P4 worst interaction latency (Event Timing, grouped by interactionId) at 4x CPU;
 * P7 a full menu write into IndexedDB in one transaction and a read back.
 */
import type { Browser, Page } from '@playwright/test';
import { chromium } from '@playwright/test';

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/setup/chromium';
import type { Row } from './run';

const CPU_SLOWDOWN = 4;
const P3_RUNS = 5;

async function throttleCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function measureOfflineRepeatVisit(browser: Browser, baseUrl: string): Promise<Row> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 412, height: 915 } });
  const page = await context.newPage();
  await page.goto('/menu');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.getByRole('button', { name: 'Add Cartofi prăjiți', exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Add to Cart/ })
    .click();
  await context.setOffline(true);
  await throttleCpu(page);
  const paints: number[] = [];
  let cartSurvived = true;
  for (let run = 0; run < P3_RUNS; run += 1) {
    await page.reload();
    await page.waitForFunction(() => performance.getEntriesByName('menu-rendered').length > 0, undefined, { timeout: 15_000 });
    paints.push(await page.evaluate(() => performance.getEntriesByName('menu-rendered')[0]!.startTime));
    cartSurvived &&= await page
      .getByRole('banner')
      .getByRole('button', { name: /Cart, 1 items?/ })
      .isVisible();
  }
  await context.close();
  const figure = median(paints);
  return {
    id: 'P3',
    figure: `offline reload → menu painted at ${figure.toFixed(0)} ms (median of ${P3_RUNS}, 4x CPU); cart survived: ${cartSurvived}`,
    target: '≤ 500 ms, cart survives',
    pass: figure <= 500 && cartSurvived,
    hard: false,
    raw: { paintsMs: paints, medianMs: figure, cartSurvived },
  };
}

async function measureInteractions(browser: Browser, baseUrl: string): Promise<Row> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const worst = new Map<number, number>();
    (window as unknown as { __interactions: Map<number, number> }).__interactions = worst;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) {
        if (!entry.interactionId) continue;
        worst.set(entry.interactionId, Math.max(worst.get(entry.interactionId) ?? 0, entry.duration));
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
  await page.goto('/menu');
  await page.getByRole('button', { name: 'Add Cartofi prăjiți', exact: true }).waitFor();
  await throttleCpu(page);
  const collect = () => page.evaluate(() => [...(window as unknown as { __interactions: Map<number, number> }).__interactions.values()]);
  const steps: Record<string, number> = {};
  const step = async (name: string, action: () => Promise<void>) => {
    const before = (await collect()).length;
    await action();
    await page.waitForTimeout(300);
    const after = await collect();
    steps[name] = Math.max(0, ...after.slice(before));
  };
  await step('open item dialog', () => page.getByRole('button', { name: 'Add Cartofi prăjiți', exact: true }).click());
  await step('add to cart', () =>
    page
      .getByRole('dialog')
      .getByRole('button', { name: /Add to Cart/ })
      .click(),
  );
  await step('switch category', () =>
    page
      .getByRole('navigation', { name: 'Categorii meniu' })
      .getByRole('button', { name: /Salate/ })
      .click(),
  );
  await step('open cart', () => page.getByRole('banner').getByRole('button', { name: /^Cart/ }).click());
  await page.keyboard.press('Escape');
  await page.goto('/meniul-complet');
  const search = page.getByPlaceholder('Caută produse...');
  await search.waitFor();
  await throttleCpu(page);
  await step('type in full-menu search', () => search.pressSequentially('ceafa', { delay: 50 }));
  await context.close();
  const worst = Math.max(...Object.values(steps));
  return {
    id: 'P4',
    figure: `worst interaction ${worst.toFixed(0)} ms at 4x CPU (${Object.entries(steps)
      .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
      .join(', ')})`,
    target: '≤ 200 ms',
    pass: worst <= 200,
    hard: false,
    raw: steps,
  };
}

async function measureIndexedDb(browser: Browser, baseUrl: string): Promise<Row> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  await page.goto('/');
  const timings = await page.evaluate(async () => {
    const menu = await (await fetch('/api/menu')).json();
    const open = () =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('bench-menu-sync', 1);
        request.onupgradeneeded = () => request.result.createObjectStore('menuSnapshot', { keyPath: 'key' });
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const database = await open();
    const writeStart = performance.now();
    await new Promise<void>((resolve, reject) => {
      const tx = database.transaction('menuSnapshot', 'readwrite');
      tx.objectStore('menuSnapshot').put({
        key: 'current',
        menu,
        version: menu.version,
        fetchedAt: new Date().toISOString(),
        lastFailedRefreshAt: null,
      });
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    const writeMs = performance.now() - writeStart;
    const readStart = performance.now();
    const row = await new Promise<{ menu: { items: unknown[] } }>((resolve, reject) => {
      const request = database.transaction('menuSnapshot').objectStore('menuSnapshot').get('current');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const readMs = performance.now() - readStart;
    database.close();
    return { writeMs, readMs, items: row.menu.items.length };
  });
  await context.close();
  return {
    id: 'P7',
    figure: `menu (${timings.items} items) written in one transaction in ${timings.writeMs.toFixed(1)} ms, read in ${timings.readMs.toFixed(1)} ms`,
    target: 'write ≤ 150 ms, read ≤ 50 ms',
    pass: timings.writeMs <= 150 && timings.readMs <= 50,
    hard: false,
    raw: timings,
  };
}

export async function measureBrowserRows(baseUrl: string): Promise<Row[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const rows: Row[] = [];
  try {
    for (const measure of [measureOfflineRepeatVisit, measureInteractions, measureIndexedDb]) {
      try {
        rows.push(await measure(browser, baseUrl));
      } catch (error) {
        const id = measure === measureOfflineRepeatVisit ? 'P3' : measure === measureInteractions ? 'P4' : 'P7';
        rows.push({
          id,
          figure: `failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
          target: 'see QUALITY.md',
          pass: false,
          hard: false,
          raw: {},
        });
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}
