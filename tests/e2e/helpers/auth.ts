/**
 * E2E helpers for signed-in scenarios, shared by every spec.
 *
 * signUpViaApi registers a fresh customer through POST /api/auth/register using the page's own
 * request context, so the session cookie lands in the browser context (the page is then signed in
 * on its next navigation). The Origin header is set to the baseURL because unsafe /api requests
 * must come from our own origin (CSRF rule).
 */
import type { Page } from '@playwright/test';

import { expect } from '../fixtures';
import { serverOrigin } from './e2e-server';

export interface TestCredentials {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone?: string;
}

let counter = 0;

/** A unique e-mail per call, also across parallel workers and repeated runs against one server. */
function uniqueEmail(): string {
  counter += 1;
  return `client-${Date.now().toString(36)}-${process.pid}-${counter}@example.ro`;
}

/** Registers (and thereby signs in) a new customer; returns the credentials used. */
export async function signUpViaApi(page: Page, overrides: Partial<TestCredentials> = {}): Promise<TestCredentials> {
  const credentials: TestCredentials = {
    email: uniqueEmail(),
    password: 'parola-e2e-123',
    firstName: 'Ana',
    lastName: 'Popescu',
    phone: '0722123456',
    ...overrides,
  };
  const origin = serverOrigin();
  const response = await page.request.post(`${origin}/api/auth/register`, {
    data: credentials,
    headers: { origin, 'content-type': 'application/json' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return credentials;
}

/** Signs in through the header's 'Sign In' button and the login modal, as a person would. */
export async function signInViaUi(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByRole('tab', { name: 'Sign In', exact: true }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog).toBeHidden();
}
