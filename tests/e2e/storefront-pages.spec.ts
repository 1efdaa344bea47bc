/**
 * Issue 3, the other storefront screens: home (hero video and its fallback, tabs, links, banner),
 * header and footer, contact (the message is stored), about, not found; axe on each, desktop and phone.
 */
import path from 'node:path';

import Database from 'better-sqlite3';

import { expectNoSeriousAxeViolations, expectTouchTargets } from './storefront-a11y';
import { expect, test } from './fixtures';
import { currentServer } from './helpers/e2e-server';
import { signUpViaApi } from './helpers/auth';
import { expectHydrated } from './helpers/hydration';

test(
  'home: hero video plays, calls to action, pickup tabs with the 400 ms skeleton state, blurbs, banner',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Grătar românesc la jar, în Ploiești' })).toBeVisible();
    const video = page.getByTestId('hero-video');
    await expect(video).toBeVisible();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId('hero-still')).toHaveCount(0);

    await expect(page.getByRole('link', { name: 'Comandă acum' })).toHaveAttribute('href', '/menu');
    await expect(page.getByRole('link', { name: 'Vezi meniul' })).toHaveAttribute('href', '/meniul-complet');
    for (const title of ['Rețete tradiționale', 'Ingrediente locale', 'Ridicare rapidă']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    const banner = page.getByRole('complementary', { name: 'Promoție' });
    await expect(banner.getByRole('link', { name: 'Comandă Online' })).toHaveAttribute('href', /^https:\/\/prajituri\.example\.ro/);

    const tabs = page.getByRole('tablist', { name: 'Categorii' }).getByRole('tab');
    await expect(tabs).toHaveCount(5);
    await page.getByRole('tab', { name: /Salads/ }).click();
    await expect(page.getByRole('tab', { name: /Salads/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('12 produse');
    await expect(page.getByTestId('menu-card')).toHaveCount(0);

    // Keyboard: arrows move between tabs, Enter picks one.
    await page.getByRole('tab', { name: /Salads/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: /Desserts/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: /Desserts/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('5 produse');

    await expectNoSeriousAxeViolations(page);
    if (test.info().project.name === 'phone') await expectTouchTargets(page.getByRole('main'));
    await page.getByRole('link', { name: 'Comandă acum' }).click();
    await expect(page).toHaveURL(/\/menu$/);
  },
);

test('home: switching a tab shows six skeleton cards for 400 ms with the tabs disabled', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const tabs = page.getByRole('tablist', { name: 'Categorii' }).getByRole('tab');
  await expect(tabs).toHaveCount(5);
  // The tabs are in the server's HTML; a tap before React owns them is replayed on an animation frame,
  // which the stopped clock below would never bring.
  await expectHydrated(page.getByRole('tab', { name: /Sides/ }));
  // Stop the page's clock: from here only runFor moves its timers.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await page.getByRole('tab', { name: /Sides/ }).click();
  await expect(page.getByTestId('pickup-skeletons').locator('.skeleton-card')).toHaveCount(6);
  for (const tab of await tabs.all()) await expect(tab).toHaveAttribute('aria-disabled', 'true');
  // A click meanwhile changes nothing (forced: Playwright itself refuses to click a disabled tab).
  await expect(page.getByRole('tab', { name: /Desserts/ })).toBeDisabled();
  await page.getByRole('tab', { name: /Desserts/ }).click({ force: true });
  await expect(page.getByRole('tab', { name: /Sides/ })).toHaveAttribute('aria-selected', 'true');
  await page.clock.runFor(399);
  await expect(page.getByTestId('pickup-skeletons')).toBeVisible();
  await page.clock.runFor(1);
  await expect(page.getByTestId('pickup-skeletons')).toBeHidden();
  await expect(page.getByRole('tabpanel')).toContainText('11 produse');
  await expect(tabs.first()).not.toHaveAttribute('aria-disabled', 'true');
});

test('home: the hero falls back to a still image when the video fails to load', async ({ page }) => {
  await page.route('**/videos/hero.webm', (route) => route.fulfill({ status: 200, contentType: 'video/webm', body: 'not a video' }));
  await page.goto('/');
  await expect(page.getByTestId('hero-still')).toBeVisible();
  await expect(page.getByTestId('hero-video')).toHaveCount(0);
  await expect(page.getByTestId('hero-still')).toHaveAttribute('src', '/images/hero.svg');
});

test('header and footer: logo, search, cart toggle, sign in, quick and account links, copyright', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'Despre Casa Grătarului' })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /Casa Grătarului/ })).toHaveAttribute('href', '/');
  await expect(header.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(header.getByTestId('cart-badge')).toHaveCount(0);

  // The cart button toggles the drawer.
  await header.getByRole('button', { name: 'Cart' }).click();
  await expect(page.getByRole('dialog', { name: /Your Cart/ })).toBeVisible();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(header.getByRole('button', { name: 'Cart' })).toBeFocused();

  // The search button searches the menu.
  await header.getByRole('button', { name: 'Search the menu' }).click();
  await expect(page.getByRole('dialog').getByPlaceholder('Caută produse...')).toBeFocused();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('dialog').getByPlaceholder('Caută produse...').fill('ceafa');
  // Live results as you type, each with its add button (issue 27; tests/e2e/phone-menu.spec.ts adds one).
  const results = page.getByRole('dialog').getByRole('list', { name: 'Rezultate' });
  await expect(results.getByRole('button', { name: 'Custom Grilled pork neck' })).toBeVisible();
  // The English name finds it as well (issue 23: the search matches both languages).
  await page.getByRole('dialog').getByPlaceholder('Caută produse...').fill('pork neck');
  await expect(page.getByRole('dialog').getByRole('status')).toHaveText('1 produs pentru „pork neck”');
  await expect(results.getByRole('button', { name: 'Custom Grilled pork neck' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Închide căutarea' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('Bulevardul Republicii 220, Ploiești 100393')).toBeVisible();
  await expect(footer.getByText('Strada Mărășești 112, Ploiești 100023')).toBeVisible();
  await expect(footer.getByText('Zilnic 11:00-22:00')).toBeVisible();
  const quick = footer.getByRole('navigation', { name: 'Quick Links' });
  await expect(quick.getByRole('link')).toHaveText(['Home', 'Menu', 'About', 'Contact']);
  const account = footer.getByRole('navigation', { name: 'Account' });
  await expect(account.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
  await expect(account.getByRole('link', { name: 'Order History' })).toHaveAttribute('href', '/orders');
  await expect(account.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(account.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
  await expect(footer.getByText(/© 2025/)).toBeVisible();
  await quick.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test('contact: cards, validation keeps what was typed, a valid message is stored, toast shown and form cleared', async ({ page }) => {
  await page.goto('/contact');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: '0244 520 520' }).first()).toBeVisible();
  await expect(main.getByRole('link', { name: 'comenzi@casagratarului.ro' })).toBeVisible();
  // 24-hour time (issue 27 replaced the spec's "11:00 AM - 10:00 PM").
  await expect(main.getByTestId('opening-hours-schedule')).toHaveText('Deschis zilnic 11:00-22:00');
  await expect(main.getByText(/\b(AM|PM)\b/)).toHaveCount(0);
  await expect(main.getByText('Deschis zilnic')).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Casa Grătarului Nord' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Casa Grătarului Centru' })).toBeVisible();

  const project = test.info().project.name;
  const text = `Bună ziua! Aveți mese libere duminică la prânz? (${project} ${Date.now()})`;
  await main.getByLabel('Name').fill('Ana Popescu');
  await main.getByLabel('Email').fill('ana@example');
  await main.getByLabel('Message').fill(text);
  await main.getByRole('button', { name: 'Send Message' }).click();
  await expect(main.getByText('Enter a valid e-mail address')).toBeVisible();
  await expect(main.getByLabel('Message')).toHaveValue(text);
  await expectNoSeriousAxeViolations(page);

  await main.getByLabel('Email').fill('ana@example.ro');
  await main.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByTestId('toast')).toContainText('Message sent');
  await expect(main.getByLabel('Name')).toHaveValue('');
  await expect(main.getByLabel('Message')).toHaveValue('');

  const db = new Database(path.join(currentServer().dataDir, 'storefront.sqlite'), { readonly: true });
  try {
    const row = db.prepare('select name, email, message from contact_messages where message = ?').get(text);
    expect(row).toEqual({ name: 'Ana Popescu', email: 'ana@example.ro', message: text });
  } finally {
    db.close();
  }
});

test('contact: a server refusal shows an error toast and keeps the typed message', async ({ page }) => {
  await page.route('**/api/contact', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: '{"not":"a receipt"}',
    }),
  );
  await page.goto('/contact');
  const main = page.getByRole('main');
  await main.getByLabel('Name').fill('Ion');
  await main.getByLabel('Email').fill('ion@example.ro');
  await main.getByLabel('Message').fill('Un mesaj suficient de lung.');
  await main.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Message not sent' })).toBeVisible();
  await expect(main.getByLabel('Message')).toHaveValue('Un mesaj suficient de lung.');
});

test('contact by keyboard only: Tab through the fields, type, and send with Enter on the button', async ({ page }) => {
  await page.goto('/contact');
  const main = page.getByRole('main');
  const name = main.getByLabel('Name');
  const email = main.getByLabel('Email');
  const message = main.getByLabel('Message');
  const send = main.getByRole('button', { name: 'Send Message' });
  const text = `Rezervare prin tastatură (${test.info().project.name} ${Date.now()})`;
  await name.focus();
  await page.keyboard.type('Maria Ionescu');
  await page.keyboard.press('Tab');
  await expect(email).toBeFocused();
  await page.keyboard.type('maria@example.ro');
  await page.keyboard.press('Tab');
  await expect(message).toBeFocused();
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
  await expect(send).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast')).toContainText('Message sent');
  await expect(name).toHaveValue('');
  await expect(message).toHaveValue('');
});

test('about and not-found pages, with a way back', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'Povestea noastră' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.goto('/nu-exista/deloc');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('link', { name: 'Go to homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('signed in: no guest hint, Proceed to Checkout goes to /checkout, the footer offers Sign Out', async ({ page }) => {
  await page.goto('/about');
  await signUpViaApi(page);
  await page.goto('/menu');
  const footerAccount = page.getByRole('contentinfo').getByRole('navigation', { name: 'Account' });
  await expect(footerAccount.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(footerAccount.getByRole('button', { name: 'Sign In' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Loaf of bread, 600 g' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Add to Cart/ })
    .click();
  await page.getByRole('banner').getByRole('button', { name: /^Cart/ }).click();
  const drawer = page.getByRole('dialog', { name: /Your Cart/ });
  await expect(drawer.getByText('Loaf of bread, 600 g')).toBeVisible();
  await expect(drawer.getByText('Please sign in to continue with your order')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await drawer.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  await page.goto('/about');
  await footerAccount.getByRole('button', { name: 'Sign Out' }).click();
  await expect(footerAccount.getByRole('button', { name: 'Sign In' })).toBeVisible();
});
