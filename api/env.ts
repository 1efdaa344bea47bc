/**
 * The only reader of process.env. Parsed once with zod at start; a bad value stops the process
 * with a clear message instead of failing later.
 */
import { z } from 'zod/mini';

import '../src/shared/schemas/english-messages';

const booleanFlag = z.pipe(
  z.enum(['true', 'false', '1', '0']),
  z.transform((value) => value === 'true' || value === '1'),
);

/** 'https://tiles.example.ro' or with a trailing slash: an http(s) origin with no path, query or credentials. */
function isHttpOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') && `${url.origin}/` === url.href && value.replace(/\/$/, '') === url.origin
  );
}

/** Logins (per 15 min) and registrations (per hour) one client address may make; see api/routes/auth.ts. */
export const AUTH_CLIENT_RATE_LIMIT_DEFAULT = 100;

export const envSchema = z
  .object({
    NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'production'),
    PORT: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(65_535)), 8080),
    HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
    DATA_DIR: z._default(z.string().check(z.minLength(1)), './data'),
    /** Where the built PWA lives; the server serves it on the same origin as /api. */
    STATIC_DIR: z._default(z.string().check(z.minLength(1)), './dist'),
    /** The origin customers use (https://comenzi.example.ro). Defaults to http://HOST:PORT. */
    PUBLIC_URL: z.optional(z.url()),
    /** Unset: the embedded SQLite file in DATA_DIR. postgres://user:pass@host:5432/db: PostgreSQL, shared by every instance. */
    DATABASE_URL: z.optional(
      z
        .string()
        .check(
          z.regex(
            /^postgres(ql)?:\/\//i,
            'DATABASE_URL must be a postgres:// or postgresql:// URL (unset it for the embedded SQLite store)',
          ),
        ),
    ),
    /** Names this instance in logs and outbox leases; defaults to hostname-pid. */
    INSTANCE_ID: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    /** On SIGTERM, /api/ready answers 503 for this long before the server stops accepting connections (proxy health-check period). */
    SHUTDOWN_DRAIN_MS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(120_000)), 0),
    ADMIN_EMAIL: z.optional(z.email()),
    ADMIN_PASSWORD: z.optional(z.string().check(z.minLength(10, 'ADMIN_PASSWORD needs at least 10 characters'))),
    /** Only with this set does ADMIN_EMAIL make an existing customer account the manager (else the start stops). */
    ADMIN_PROMOTE_EXISTING: z._default(booleanFlag, false),
    LOG_LEVEL: z._default(z.enum(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
    /** Pins the server clock's start (ISO instant); it then advances in real time. For tests and demos only. */
    CLOCK_START_AT: z.optional(z.iso.datetime({ offset: true })),
    /** Link of the 'Comandă Online' banner (the external cakes shop). */
    CAKES_SHOP_URL: z._default(z.url(), 'https://prajituri.example.ro'),
    TRUST_PROXY: z._default(booleanFlag, false),
    /** Per client address; raise it where many people share one address, or for a long e2e run. */
    AUTH_CLIENT_RATE_LIMIT: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), AUTH_CLIENT_RATE_LIMIT_DEFAULT),
    /** Address search backend: the embedded Ploiești street gazetteer (default, offline), Nominatim or Google. */
    GEOCODER: z._default(z.enum(['gazetteer', 'nominatim', 'google']), 'gazetteer'),
    /** Base URL of a Nominatim-compatible server (required with GEOCODER=nominatim). */
    NOMINATIM_URL: z.optional(z.url()),
    /** Server-side key for Google Places/Geocoding (required with GEOCODER=google); never sent to the browser. */
    GOOGLE_MAPS_API_KEY: z.optional(z.string().check(z.minLength(1))),
    /** Where the Google adapter sends requests; tests point it at a local stand-in. */
    GOOGLE_MAPS_API_URL: z._default(z.url(), 'https://maps.googleapis.com'),
    /** A MapLibre style URL for the maps; unset, the offline style at /api/map/style.json is used. */
    MAP_STYLE_URL: z.optional(z.url()),
    /**
     * The hosted style's tile, glyph and sprite hosts, comma-separated origins
     * (https://tiles.example.ro,https://fonts.example.ro); added to the CSP's connect-src and img-src
     * beside MAP_STYLE_URL's own origin.
     */
    MAP_CSP_ORIGINS: z.pipe(
      z.pipe(
        z.pipe(
          z._default(z.string(), ''),
          z.transform((value) =>
            value
              .split(',')
              .map((part) => part.trim())
              .filter(Boolean),
          ),
        ),
        z.array(z.string().check(z.refine(isHttpOrigin, 'Expected origins like https://tiles.example.ro (no path), comma-separated'))),
      ),
      z.transform((origins) => origins.map((origin) => new URL(origin).origin)),
    ),
    /** 'Sign in with Google' (OpenID Connect) is offered only when both are set. */
    GOOGLE_CLIENT_ID: z.optional(z.string().check(z.minLength(1))),
    GOOGLE_CLIENT_SECRET: z.optional(z.string().check(z.minLength(1))),
    /** The OpenID issuer; tests point it at a local stand-in of Google's endpoints. */
    GOOGLE_OIDC_ISSUER: z._default(z.url(), 'https://accounts.google.com'),
    /**
     * Outgoing mail (account links): smtp://user:pass@host:587 (STARTTLS) or smtps://user:pass@host:465.
     * Unset: every message is written as an .eml file under DATA_DIR/mail/ and the log says where.
     */
    SMTP_URL: z.optional(
      z.string().check(
        z.regex(/^smtps?:\/\/[^/\s]+/i, 'SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465'),
        z.refine((value) => URL.canParse(value), 'SMTP_URL is not a valid URL'),
      ),
    ),
    /** The From of every message, an address or "Name <address>". */
    MAIL_FROM: z._default(z.string().check(z.trim(), z.minLength(3), z.maxLength(200)), 'Casa Grătarului <no-reply@casagratarului.local>'),
    /**
     * Web Push (issue 20): the VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints),
     * both or neither. Unset: a pair is generated once and kept in the store. The private key never
     * leaves the server.
     */
    VAPID_PUBLIC_KEY: z.optional(
      z.string().check(z.regex(/^[A-Za-z0-9_-]{80,100}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key')),
    ),
    VAPID_PRIVATE_KEY: z.optional(
      z.string().check(z.regex(/^[A-Za-z0-9_-]{40,50}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key')),
    ),
    /** Who the push services may contact about our pushes: mailto:… or https://…; unset, mailto: with MAIL_FROM's address. */
    VAPID_SUBJECT: z.optional(
      z.string().check(z.regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be mailto:address or an https:// URL')),
    ),
    /**
     * Tests only: an http origin (the tests' push-service stand-in) accepted as a push endpoint besides
     * the browsers' own push services (https). Never set in production.
     */
    PUSH_TEST_ENDPOINT_ORIGIN: z.optional(z.url()),
    /**
     * Tests only: new password hashes use scrypt N = 2^this instead of 2^17, so the suites' thousands
     * of sign-ups do not each spend half a second of CPU. Never set in production (the start warns).
     */
    PASSWORD_HASH_TEST_LOG2_N: z.optional(z.coerce.number().check(z.int(), z.gte(10), z.lte(16))),
    /** Card payments: 'test' (embedded test checkout page, no keys) or 'stripe' (Stripe Checkout). */
    PAYMENTS: z._default(z.enum(['test', 'stripe']), 'test'),
    /**
     * PAYMENTS=test behind an https PUBLIC_URL looks like a real deployment taking no real money: the
     * start stops unless this says the site means it (a staging or demo site).
     */
    ALLOW_TEST_PAYMENTS: z._default(booleanFlag, false),
    STRIPE_SECRET_KEY: z.optional(z.string().check(z.minLength(1))),
    STRIPE_WEBHOOK_SECRET: z.optional(z.string().check(z.minLength(1))),
    /** Tests only: where the Stripe SDK sends API calls (a local stand-in), e.g. http://127.0.0.1:4010. */
    STRIPE_API_BASE: z.optional(z.url()),
    /** Kitchen hand-off: 'kitchen-board' (embedded board in our store) or 'http' (vendor POS at POS_URL). */
    POS: z._default(z.enum(['kitchen-board', 'http']), 'kitchen-board'),
    POS_URL: z.optional(z.url()),
    POS_API_KEY: z.optional(z.string().check(z.minLength(1))),
    /** Where the catalogue, settings and locations come from: our own store (default) or a restaurant's Directus. */
    CMS: z._default(z.enum(['embedded', 'directus']), 'embedded'),
    /** Required with CMS=directus: the Directus base URL the server (never the browser) talks to. */
    DIRECTUS_URL: z.optional(z.url()),
    /** Required with CMS=directus: a static token of the storefront's service user (docs/directus.md). */
    DIRECTUS_TOKEN: z.optional(z.string().check(z.minLength(1))),
    /** How long one Directus request may take before it counts as down (the caches then serve the last good copy). */
    DIRECTUS_TIMEOUT_MS: z._default(z.coerce.number().check(z.int(), z.gte(100), z.lte(60_000)), 5_000),
    /** With CMS=directus: the menu, settings and locations are reread (in the background) once older than this. */
    CMS_CACHE_TTL_MS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(86_400_000)), 30_000),
    /** Cash orders waiting for the restaurant's confirmation: at most this many per account (429 past it). */
    CASH_ORDERS_UNCONFIRMED_PER_ACCOUNT_MAX: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 3),
    /** ... and per client address (several fresh accounts from one place). */
    CASH_ORDERS_UNCONFIRMED_PER_CLIENT_MAX: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 20),
    /** Open cash orders an account with an unverified e-mail may have at once. */
    CASH_ORDERS_OPEN_UNVERIFIED_MAX: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 2),
    /** Open live-update streams (SSE) one client may hold; past it 429 (one household's tabs and phones, or a carrier's NAT). */
    STREAMS_PER_CLIENT_MAX: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 50),
    /** Open live-update streams one instance holds at most; past it 429 and the pages refetch on their timers. */
    STREAMS_PER_INSTANCE_MAX: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 6_000),
    /** Outbox retry backoff (POS hand-off): first delay and cap, in milliseconds. */
    OUTBOX_RETRY_BASE_MS: z._default(z.coerce.number().check(z.int(), z.gte(1)), 2_000),
    OUTBOX_RETRY_MAX_MS: z._default(z.coerce.number().check(z.int(), z.gte(1)), 300_000),
    /** How long one POS hand-off may take before it counts as failed. */
    OUTBOX_POS_TIMEOUT_MS: z._default(z.coerce.number().check(z.int(), z.gte(1)), 10_000),
    /** How long a claimed outbox row stays with its worker; a killed instance's rows go to another after this. */
    OUTBOX_LEASE_MS: z._default(z.coerce.number().check(z.int(), z.gte(1)), 60_000),
    /** Bearer token that reads GET /api/metrics (Prometheus); unset, only scrapers on this machine (loopback, not through a proxy) read it. */
    METRICS_TOKEN: z.optional(z.string().check(z.minLength(16, 'METRICS_TOKEN needs at least 16 characters'))),
    /** With BACKUP_KEEP_DAYS: where the daily backup of the SQLite store goes (docs/operations.md). */
    BACKUP_DIR: z.optional(z.string().check(z.minLength(1))),
    /** With BACKUP_DIR: daily backups older than this many days are deleted (the newest one is always kept). */
    BACKUP_KEEP_DAYS: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(3_650))),
    /** Bucharest wall-clock time of the daily backup, HH:MM (the restaurant is closed). */
    BACKUP_TIME: z._default(
      z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'BACKUP_TIME must be HH:MM (24-hour, Bucharest time)')),
      '04:00',
    ),
  })
  .check(
    z.refine((env) => env.OUTBOX_LEASE_MS > env.OUTBOX_POS_TIMEOUT_MS, {
      // A lease that ran out while its send is still in flight would let a second worker send the same row.
      message: 'OUTBOX_LEASE_MS must be longer than OUTBOX_POS_TIMEOUT_MS',
      path: ['OUTBOX_LEASE_MS'],
    }),
    z.refine((env) => (env.BACKUP_DIR === undefined) === (env.BACKUP_KEEP_DAYS === undefined), {
      // Half a schedule would either back up forever without pruning or prune nothing it made.
      message: 'BACKUP_DIR and BACKUP_KEEP_DAYS are set together (the daily backup) or not at all',
      path: ['BACKUP_DIR'],
    }),
    z.refine((env) => !(env.BACKUP_DIR && env.DATABASE_URL), {
      // The scheduled backup copies the SQLite file; a PostgreSQL store is backed up with pg_dump.
      message: 'BACKUP_DIR backs up the embedded SQLite store; with DATABASE_URL use pg_dump (docs/operations.md)',
      path: ['BACKUP_DIR'],
    }),
    z.refine((env) => (env.VAPID_PUBLIC_KEY === undefined) === (env.VAPID_PRIVATE_KEY === undefined), {
      // Half a pair cannot sign: the pushes would fail at every send.
      message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all (then a pair is kept in the store)',
      path: ['VAPID_PUBLIC_KEY'],
    }),
    z.refine(
      (env) => env.PAYMENTS !== 'test' || env.ALLOW_TEST_PAYMENTS || !env.PUBLIC_URL || new URL(env.PUBLIC_URL).protocol !== 'https:',
      {
        // Customers on a real https site would "pay" on the test checkout and get orders marked paid for free.
        message:
          'PAYMENTS=test takes no real payments, and PUBLIC_URL is https: set PAYMENTS=stripe with its keys, or ALLOW_TEST_PAYMENTS=true for a staging site',
        path: ['PAYMENTS'],
      },
    ),
  );

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

export function readEnv(): Env {
  // This module is the one reader of the environment (lint forbids process.env elsewhere in api/ and src/).
  return parseEnv(process.env);
}
