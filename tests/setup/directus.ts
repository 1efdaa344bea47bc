/**
 * A real Directus 10.13.4 for the CMS adapter's tests: installed by scripts/ensure-directus.sh into
 * tests/directus/ (its own package.json, never pulled by the root `npm install`), booted here on
 * 127.0.0.1 with SQLite in a temp dir on a free port, schema applied from the committed snapshot with
 * `directus schema apply`, a service user with a static token and read-only permissions, stopped
 * (and restartable) by the test. Boot once per test file: the machine has 2 cores.
 */
import type { ChildProcess } from 'node:child_process';
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export const DIRECTUS_HOME = fileURLToPath(new URL('../directus/', import.meta.url));
export const DIRECTUS_CLI = join(DIRECTUS_HOME, 'node_modules', 'directus', 'cli.js');
export const DIRECTUS_SNAPSHOT = fileURLToPath(new URL('../../api/integrations/cms/directus-schema/schema-snapshot.json', import.meta.url));

/** The permissions the storefront's service user needs (docs/directus.md): read the catalogue and settings... */
export const SERVICE_READ_COLLECTIONS = [
  'restaurant_settings',
  'locations',
  'menu_categories',
  'menu_items',
  'modifier_groups',
  'menu_items_modifier_groups',
  'modifier_group_items',
] as const;
/** ...and read + create orders with their items (the outbox copies accepted orders there). */
export const SERVICE_WRITE_COLLECTIONS = ['orders', 'order_items'] as const;
/** ...and read, create, update and delete customers' saved addresses (the outbox copies them; sign-in imports them). */
export const SERVICE_SYNC_COLLECTIONS = ['customer_addresses'] as const;

const BOOT_TIMEOUT_MS = 120_000;

export function directusInstalled(): boolean {
  return existsSync(DIRECTUS_CLI);
}

/** Prints once per file why the Directus leg did not run (scripts/test.sh installs it; so does `bash scripts/ensure-directus.sh`). */
export function reportDirectusSkipped(what: string): void {
  if (!directusInstalled()) {
    console.warn(
      `[directus] SKIPPED ${what}: Directus is not installed in tests/directus. Run \`bash scripts/ensure-directus.sh\` (npm test does).`,
    );
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningDirectus {
  url: string;
  /** The admin's static token (ADMIN_TOKEN at bootstrap): for seeding and setup only. */
  adminToken: string;
  /** The storefront's service user: read-only on the catalogue and settings. */
  serviceToken: string;
  /** Stops the server process; the data stays, so start() brings the same Directus back. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and deletes its data. */
  dispose(): Promise<void>;
  /** Runs the directus CLI against this instance (schema snapshot, ...). */
  cli(args: string[]): Promise<{ stdout: string; stderr: string }>;
}

export interface StartDirectusOptions {
  /** Apply the committed snapshot (default). False: an empty Directus (scripts/directus-snapshot.ts builds the schema itself). */
  applySnapshot?: boolean;
}

export async function startDirectus(options: StartDirectusOptions = {}): Promise<RunningDirectus> {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-directus-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const adminToken = randomBytes(24).toString('hex');
  const serviceToken = randomBytes(24).toString('hex');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DB_CLIENT: 'sqlite3',
    DB_FILENAME: join(dir, 'directus.db'),
    KEY: randomBytes(16).toString('hex'),
    SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    ADMIN_TOKEN: adminToken,
    TELEMETRY: 'false',
    LOG_LEVEL: 'warn',
    CACHE_ENABLED: 'false',
    RATE_LIMITER_ENABLED: 'false',
    WEBSOCKETS_ENABLED: 'false',
    EXTENSIONS_PATH: join(dir, 'extensions'),
    STORAGE_LOCAL_ROOT: join(dir, 'uploads'),
    SESSION_COOKIE_SECURE: 'false',
  };
  const cli = (args: string[]) => execFileAsync(process.execPath, [DIRECTUS_CLI, ...args], { cwd: dir, env, timeout: BOOT_TIMEOUT_MS });

  await cli(['bootstrap']);
  if (options.applySnapshot !== false) await cli(['schema', 'apply', '--yes', DIRECTUS_SNAPSHOT]);

  let child: ChildProcess | null = null;
  let output = '';
  const start = async () => {
    output = '';
    const proc = spawn(process.execPath, [DIRECTUS_CLI, 'start'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child = proc;
    const deadline = Date.now() + BOOT_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (proc.exitCode !== null) throw new Error(`Directus exited with ${proc.exitCode}:\n${output}`);
      const ok = await fetch(`${url}/server/ping`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    proc.kill('SIGKILL');
    throw new Error(`Directus did not answer /server/ping within ${BOOT_TIMEOUT_MS} ms:\n${output}`);
  };
  const stop = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
      setTimeout(() => proc.kill('SIGKILL'), 5_000).unref();
    });
  };

  try {
    await start();
    if (options.applySnapshot !== false) await createServiceUser(url, adminToken, serviceToken);
  } catch (error) {
    await stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    adminToken,
    serviceToken,
    stop,
    start,
    cli,
    async dispose() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Admin-token REST call; throws with Directus's answer on an error status. */
export async function directusAdminCall<T = unknown>(url: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`Directus ${method} ${path} answered ${response.status}: ${text}`);
  return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
}

/** Fields of their own user that customers may read (GET /users/me after signing in). */
export const CUSTOMER_OWN_USER_FIELDS = ['id', 'email', 'first_name', 'last_name', 'phone', 'status'] as const;
/** ...and update (registration's phone, spec §7 profile update). */
export const CUSTOMER_OWN_EDITABLE_FIELDS = ['first_name', 'last_name', 'phone'] as const;

/**
 * What docs/directus.md describes: a service role and user (read on the catalogue, read + create on
 * orders, a static token) and a customers' role that public registration gives new users, which may
 * read its own user.
 */
async function createServiceUser(url: string, adminToken: string, serviceToken: string): Promise<void> {
  const customers = await directusAdminCall<{ id: string }>(url, adminToken, 'POST', '/roles', {
    name: 'Storefront customers',
    admin_access: false,
    app_access: false,
  });
  await directusAdminCall(url, adminToken, 'POST', '/permissions', {
    role: customers.id,
    collection: 'directus_users',
    action: 'read',
    fields: CUSTOMER_OWN_USER_FIELDS,
    permissions: { id: { _eq: '$CURRENT_USER' } },
  });
  await directusAdminCall(url, adminToken, 'POST', '/permissions', {
    role: customers.id,
    collection: 'directus_users',
    action: 'update',
    fields: CUSTOMER_OWN_EDITABLE_FIELDS,
    permissions: { id: { _eq: '$CURRENT_USER' } },
  });
  await directusAdminCall(url, adminToken, 'PATCH', '/settings', {
    public_registration: true,
    public_registration_role: customers.id,
    public_registration_verify_email: false,
  });
  const role = await directusAdminCall<{ id: string }>(url, adminToken, 'POST', '/roles', {
    name: 'Storefront service',
    admin_access: false,
    app_access: false,
  });
  await directusAdminCall(url, adminToken, 'POST', '/permissions', [
    ...SERVICE_READ_COLLECTIONS.map((collection) => ({ role: role.id, collection, action: 'read', fields: ['*'], permissions: {} })),
    ...SERVICE_WRITE_COLLECTIONS.flatMap((collection) =>
      (['read', 'create'] as const).map((action) => ({ role: role.id, collection, action, fields: ['*'], permissions: {} })),
    ),
    ...SERVICE_SYNC_COLLECTIONS.flatMap((collection) =>
      (['read', 'create', 'update', 'delete'] as const).map((action) => ({
        role: role.id,
        collection,
        action,
        fields: ['*'],
        permissions: {},
      })),
    ),
  ]);
  await directusAdminCall(url, adminToken, 'POST', '/users', {
    email: 'storefront-service@example.com',
    role: role.id,
    token: serviceToken,
    status: 'active',
  });
}
