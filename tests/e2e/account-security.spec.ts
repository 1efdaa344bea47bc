/**
 * Account security (issue 21), in the desktop project only (the phone project runs only what differs on a phone; see
 * playwright.config.ts: nothing differs on phones, plain forms and the shared dialog): a forgotten
 * password reset from the e-mail the test SMTP server received (tests/setup/e2e-smtp.ts), then
 * changed on the profile, each time signing out the other browser context; the e-mail confirmed
 * from its link; the data downloaded and the account deleted; the privacy page.
 */
import { readFileSync } from 'node:fs';

import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { signInViaUi, signUpViaApi } from './helpers/auth';
import { mailLinkTo, waitForMailTo } from './helpers/mail';
import { expectNoSeriousAxeViolations } from './storefront-a11y';

/** Answers that hash a password (scrypt) can take seconds when the machine is busy. */
const SLOW_ANSWER_MS = 30_000;

function header(page: Page) {
  return page.getByRole('banner');
}

async function expectSignedOut(page: Page) {
  await page.goto('/profile');
  await expect(page.getByText('Access restricted')).toBeVisible();
}

function securityArea(page: Page) {
  return page.getByRole('region', { name: 'Security' });
}

test.describe('account security', () => {
  // 401: the refused sign-in after deletion; 400: the used reset link.
  test.use({ allowedHttpErrorStatuses: [400, 401] });

  test('a forgotten password is reset from the e-mail link, then changed; each time the other browser signs out', async ({
    page,
    browser,
  }) => {
    // Six password hashes (sign-up, reset, three sign-ins, the change) on a shared machine.
    test.setTimeout(180_000);
    const other = await browser.newContext();
    try {
      const otherPage = await other.newPage();
      const credentials = await signUpViaApi(otherPage, { firstName: 'Irina' });
      await otherPage.goto('/profile');
      await expect(securityArea(otherPage)).toBeVisible();

      // This browser: "Forgot password?" in the sign-in dialog.
      await page.goto('/');
      await header(page).getByRole('button', { name: 'Sign In', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign In' });
      await dialog.getByRole('link', { name: 'Forgot password?' }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      await page.getByLabel('Email').fill(credentials.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByRole('status')).toContainText('If an account uses this e-mail');

      const resetMail = await waitForMailTo(credentials.email, /Reset your .* password/);
      await page.goto(mailLinkTo(resetMail, '/reset-password'));
      // The token leaves the address bar once read.
      await expect(page).toHaveURL(/\/reset-password$/);
      const firstPassword = 'resetata-parola-1';
      await page.getByLabel('New password', { exact: true }).fill(firstPassword);
      await page.getByLabel('Repeat the new password').fill(firstPassword);
      await page.getByRole('button', { name: 'Set new password' }).click();
      // Password hashing takes a while on a busy machine.
      await expect(page.getByRole('status')).toContainText('Your password is changed', { timeout: SLOW_ANSWER_MS });
      // The link is single-use: a second visit cannot set another password (a new page load: from
      // /reset-password itself only the fragment would change).
      await page.goto('/');
      await page.goto(mailLinkTo(resetMail, '/reset-password'));
      await page.getByLabel('New password', { exact: true }).fill('alta-parola-xyz');
      await page.getByLabel('Repeat the new password').fill('alta-parola-xyz');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect(page.getByRole('alert')).toContainText('not valid any more', { timeout: SLOW_ANSWER_MS });

      await expectSignedOut(otherPage);

      await page.goto('/');
      await signInViaUi(page, credentials.email, firstPassword);
      await signInViaUi(otherPage, credentials.email, firstPassword);

      // Change it on the profile: the other browser is signed out, this one stays.
      await page.goto('/profile');
      const security = securityArea(page);
      await security.getByLabel('Current password').fill(firstPassword);
      const secondPassword = 'schimbata-parola-2';
      await security.getByLabel('New password', { exact: true }).fill(secondPassword);
      await security.getByLabel('Repeat the new password').fill(secondPassword);
      await security.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByText('Every other device was signed out.')).toBeVisible({ timeout: SLOW_ANSWER_MS });
      await expectSignedOut(otherPage);
      await page.reload();
      await expect(securityArea(page)).toBeVisible();
      await waitForMailTo(credentials.email, /password was changed/);
    } finally {
      await other.close();
    }
  });

  test('the e-mail is confirmed from the link it was sent', async ({ page }) => {
    const credentials = await signUpViaApi(page, { firstName: 'Radu' });
    await page.goto('/profile');
    await expect(securityArea(page).getByText('Not verified')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    const mail = await waitForMailTo(credentials.email, /Confirm your e-mail/);
    await page.goto(mailLinkTo(mail, '/verify-email'));
    await expect(page.getByRole('status')).toContainText(`${credentials.email} is confirmed`);
    await page.goto('/profile');
    await expect(securityArea(page).getByText('Verified', { exact: true })).toBeVisible();
  });

  test('the data is downloaded, then the account deleted: signed out, and the password no longer works', async ({ page }) => {
    const credentials = await signUpViaApi(page, { firstName: 'Mihai' });
    await page.goto('/profile');
    const security = securityArea(page);

    const download = page.waitForEvent('download');
    await security.getByRole('link', { name: 'Download my data' }).click();
    const file = await (await download).path();
    const exported = JSON.parse(readFileSync(file, 'utf8')) as { profile: { email: string; firstName: string }; orders: unknown[] };
    expect(exported.profile).toMatchObject({ email: credentials.email, firstName: 'Mihai' });
    expect(exported.orders).toEqual([]);

    await security.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete my account' });
    await expectNoSeriousAxeViolations(page);
    await dialog.getByLabel('Your password').fill(credentials.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(header(page).getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expectSignedOut(page);

    await header(page).getByRole('button', { name: 'Sign In', exact: true }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign In' });
    await signIn.getByLabel('Email').fill(credentials.email);
    await signIn.getByLabel('Password', { exact: true }).fill(credentials.password);
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(signIn.getByRole('alert')).toContainText('Please check your credentials');
  });

  test('the privacy page says what is kept and why (reached from the footer)', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Orders are kept for accounting' })).toBeVisible();
    await expect(page.getByText('cg_session')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
});
