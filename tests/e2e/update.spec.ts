/**
 * Issue 6: a new deployment shows the reload prompt and applies only after consent, and the prompt
 * never interrupts a checkout. Each test runs its own server on a copy of dist/, so "deploying" (new
 * sw.js bytes) touches nothing the other specs use. The new worker differs by a build id it reports
 * when asked, so the test can tell which version controls the page.
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Page } from '@playwright/test';

import type { SpawnedServer } from '../setup/spawn-server';
import { spawnServer } from '../setup/spawn-server';
import { expect, test } from './fixtures';

const PROMPT_TEXT = 'A new version of the app is available.';
const BROWSER_UPDATE_SETTLE_MS = 3_000;

interface Deployment {
  url: string;
  /** Ships a new sw.js: the same worker plus a message handler answering this build id. */
  deploy: (buildId: string) => void;
  close: () => Promise<void>;
}

async function startDeployment(): Promise<Deployment> {
  const root = mkdtempSync(path.join(tmpdir(), 'storefront-update-'));
  const staticDir = path.join(root, 'dist');
  // The build the suite runs against (playwright.config.ts reads the same variable).
  cpSync(process.env.E2E_STATIC_DIR ?? 'dist', staticDir, { recursive: true });
  let server: SpawnedServer | undefined;
  try {
    server = await spawnServer({ dataDir: root, env: { STATIC_DIR: staticDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' } });
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  const running = server;
  return {
    url: running.url,
    deploy: (buildId) =>
      appendFileSync(
        path.join(staticDir, 'sw.js'),
        `\n;self.addEventListener('message',(e)=>{if(e.data&&e.data.type==='BUILD_ID'&&e.ports[0])e.ports[0].postMessage(${JSON.stringify(buildId)});});\n`,
      ),
    close: async () => {
      running.child.kill('SIGTERM');
      await running.exited;
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Visits the menu, waits for the service worker to install, and reloads so it controls the page. */
async function firstVisit(page: Page, url: string) {
  await page.goto(`${url}/menu`);
  await expect(page.getByRole('heading', { name: /Off the charcoal grill/ })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByRole('heading', { name: /Off the charcoal grill/ })).toBeVisible();
  // Chromium schedules its own update check after a navigation, deferred while the worker is busy;
  // let it run against the unchanged sw.js first, so only the app's triggers can find the next deploy.
  await page.evaluate((ms) => new Promise((resolve) => setTimeout(resolve, ms)), BROWSER_UPDATE_SETTLE_MS);
}

/** The build id the controlling worker reports ('none' for the first deployment, which has no handler). */
function controllerBuildId(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) {
          resolve('no controller');
          return;
        }
        const channel = new MessageChannel();
        channel.port1.onmessage = (event: MessageEvent<string>) => resolve(event.data);
        setTimeout(() => resolve('none'), 1_000);
        controller.postMessage({ type: 'BUILD_ID' }, [channel.port2]);
      }),
  );
}

/** The app's foreground trigger: the page becomes visible again. */
async function returnToForeground(page: Page) {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
}

function hasWaitingWorker(page: Page): Promise<boolean> {
  return page.evaluate(async () => ((await navigator.serviceWorker.getRegistration())?.waiting ?? null) !== null);
}

const prompt = (page: Page) => page.getByRole('alert').filter({ hasText: PROMPT_TEXT });

test('a new deployment found on return to the foreground shows the prompt, and applies only after Reload', async ({ page }) => {
  const deployment = await startDeployment();
  try {
    await firstVisit(page, deployment.url);
    expect(await controllerBuildId(page)).toBe('none');
    await expect(prompt(page)).toHaveCount(0);

    deployment.deploy('build-2');
    await returnToForeground(page);
    await expect(prompt(page)).toBeVisible();
    // Waiting for consent: the old worker still controls the page.
    expect(await hasWaitingWorker(page)).toBe(true);
    expect(await controllerBuildId(page)).toBe('none');

    const reloaded = page.waitForEvent('load');
    await prompt(page).getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect.poll(() => controllerBuildId(page)).toBe('build-2');
    await expect(page.getByRole('heading', { name: /Off the charcoal grill/ })).toBeVisible();
    await expect(prompt(page)).toHaveCount(0);
    expect(await hasWaitingWorker(page)).toBe(false);
  } finally {
    // The page first: a stream still open when the server stops would log a console error.
    await page.close();
    await deployment.close();
  }
});

test('the prompt never interrupts a checkout: it waits until the customer leaves it', async ({ page }) => {
  const deployment = await startDeployment();
  try {
    const origin = deployment.url;
    const register = await page.request.post(`${origin}/api/auth/register`, {
      data: {
        email: `update-${Date.now()}@example.ro`,
        password: 'parola-e2e-123',
        firstName: 'Ana',
        lastName: 'Popescu',
        phone: '0722123456',
      },
      headers: { origin, 'content-type': 'application/json' },
    });
    expect(register.status(), await register.text()).toBe(201);
    await firstVisit(page, origin);

    await page.getByRole('button', { name: 'Add Fries', exact: true }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Add to Cart/ })
      .click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('banner').getByRole('button', { name: /^Cart/ })).toHaveAccessibleName('Cart, 1 items');

    await page.goto(`${origin}/checkout`);
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    await page.getByRole('radio', { name: 'Pickup' }).check();

    deployment.deploy('build-2');
    await returnToForeground(page);
    // The new version is installed and waiting, yet the checkout goes on undisturbed.
    await expect.poll(() => hasWaitingWorker(page)).toBe(true);
    await page.getByRole('radio', { name: /Cash/ }).check();
    await expect(prompt(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    expect(await controllerBuildId(page)).toBe('none');

    // Leaving the checkout (an in-app navigation) brings the prompt; consent applies the update.
    await page.getByRole('link', { name: 'Casa Grătarului, acasă' }).click();
    await expect(page).toHaveURL(`${origin}/`);
    await expect(prompt(page)).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await prompt(page).getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect.poll(() => controllerBuildId(page)).toBe('build-2');
    await expect(page.getByRole('banner').getByRole('button', { name: /^Cart/ })).toHaveAccessibleName('Cart, 1 items');
  } finally {
    // The page first: a stream still open when the server stops would log a console error.
    await page.close();
    await deployment.close();
  }
});
