/** Everything a route may use, built once at start (api/index.ts) or per test (tests/setup). */
import type { Clock } from '../src/shared/clock';
import type { Env } from './env';
import type { Cms } from './integrations/cms/port';
import type { CmsAddressSink } from './integrations/cms/directus-addresses';
import type { CmsOrderSink } from './integrations/cms/directus-orders';
import type { Geo } from './integrations/geo/port';
import type { AccountDirectory } from './integrations/identity/account-directory';
import type { Payments } from './integrations/payments/port';
import type { Pos } from './integrations/pos/port';
import type { Fanout } from './lib/fanout';
import type { LiveEvents } from './lib/live-events';
import type { Logger } from './lib/logger';
import type { MenuCache } from './lib/menu-cache';
import type { OrderEventBus } from './lib/order-events';
import type { StreamSlots } from './lib/stream-slots';
import type { UserRow } from './store/schema';
import type { Store } from './store/store';

export interface AppDeps {
  env: Env;
  version: string;
  clock: Clock;
  logger: Logger;
  store: Store;
  cms: Cms;
  /** CMS=directus: reads the Cms now and mirrors it into the store (the order route calls it before pricing); null for the embedded store. */
  cmsSync: (() => Promise<void>) | null;
  /** CMS=directus: where the outbox copies accepted orders (Directus orders + order_items); null for the embedded store. */
  cmsOrders: CmsOrderSink | null;
  /** CMS=directus: where the outbox copies saved addresses (Directus customer_addresses) and sign-in imports them from; null for the embedded store. */
  cmsAddresses: CmsAddressSink | null;
  /** Where customer accounts live besides our store (CMS=directus: Directus users; else the local directory, which does nothing extra). */
  accountDirectory: AccountDirectory;
  /** Address search, place lookup and reverse lookup (GEOCODER). */
  geo: Geo;
  menuCache: MenuCache;
  /** Card checkout (PAYMENTS): embedded test checkout or Stripe. */
  payments: Payments;
  /** Kitchen hand-off (POS): embedded kitchen board or the vendor's HTTP API. */
  pos: Pos;
  /** Order status changes, published after commit (SSE, outbox nudges). */
  orderEvents: OrderEventBus;
  /** Catalogue, settings and board changes for the live admin and storefront streams (issue 7). */
  liveEvents: LiveEvents;
  /** Carries live events to the other instances (LISTEN/NOTIFY on PostgreSQL; a no-op on SQLite). */
  fanout: Fanout;
  /** Caps on open event streams per client and per instance (429 past them). */
  streamSlots: StreamSlots;
  /** INSTANCE_ID or hostname-pid: names this process in logs and outbox leases. */
  instanceId: string;
  /** Set on SIGTERM: /api/ready answers 503 so the proxy stops sending new requests. */
  lifecycle: { draining: boolean };
  startedAt: Date;
}

export interface AppVariables {
  requestId: string;
  logger: Logger;
  /** The signed-in user, or null for guests (set by sessionMiddleware on every /api request). */
  user: UserRow | null;
  /** Hash of the session token (the sessions row id), or null. */
  sessionId: string | null;
}

export interface AppEnv {
  Variables: AppVariables;
}
