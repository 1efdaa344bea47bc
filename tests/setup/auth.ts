/**
 * Test helpers for signed-in requests: create a user directly in the store and a real session for it,
 * returning the Cookie header to send. (The register/login routes have their own tests.)
 */
import { createSession, SESSION_COOKIE } from '../../api/lib/sessions';
import type { TestApp } from './test-app';

let counter = 0;

export interface TestUser {
  id: number;
  email: string;
  cookie: string;
}

export async function createUserWithSession(
  t: TestApp,
  options: { role?: 'customer' | 'admin'; email?: string; firstName?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const email = options.email ?? `client${counter}-${Date.now()}@example.ro`;
  const now = t.deps.clock.now().toISOString();
  const { id } = await t.deps.store.db
    .insertInto('users')
    .values({
      email,
      password_hash: null,
      first_name: options.firstName ?? `Client${counter}`,
      last_name: 'Test',
      phone: '0722000000',
      avatar: null,
      role: options.role ?? 'customer',
      status: 'active',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const session = await createSession(t.deps.store.db, t.deps.clock, id);
  return { id, email, cookie: `${SESSION_COOKIE}=${session.token}` };
}
