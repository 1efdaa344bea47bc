/**
 * GET /api/admin/go-live (issue 21, defect 4): the manager area's "go live" checklist. Each item is
 * decided here, from the configuration the server runs with (and the store, for the manager's
 * password), never by the browser; the answer names variables, never their values, so no secret
 * leaves the server. The embedded defaults all work, which is exactly why a real restaurant could
 * open with the test checkout still in place without noticing: this list says what is left.
 */
import { Hono } from 'hono';

import type { GoLiveItem, GoLiveResponse } from '../../src/shared/schemas/go-live';
import type { AppDeps, AppEnv } from '../deps';
import type { Env } from '../env';
import { requireAdmin } from '../middleware/session';
import { firstRunPasswordStillSet, FIRST_RUN_PASSWORD_FILE } from '../store/admin-account';

const GEOCODER_NAMES: Record<Env['GEOCODER'], string> = {
  gazetteer: 'Built-in Ploiești street list',
  nominatim: 'Nominatim',
  google: 'Google',
};

/** The checklist for `env`; `firstRunPasswordSet`: the first-run manager's generated password still works. */
export function goLiveItems(env: Env, firstRunPasswordSet: boolean): GoLiveItem[] {
  const stripeReady = env.PAYMENTS === 'stripe' && !!env.STRIPE_SECRET_KEY && !!env.STRIPE_WEBHOOK_SECRET;
  return [
    {
      id: 'payments',
      label: 'Card payments',
      done: stripeReady,
      current: env.PAYMENTS === 'stripe' ? 'Stripe Checkout' : 'Test checkout (no money moves)',
      todo: 'Set PAYMENTS=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; point the Stripe webhook at /api/payments/webhook.',
    },
    {
      id: 'pos',
      label: 'Kitchen POS',
      done: env.POS === 'http' && !!env.POS_URL,
      current: env.POS === 'http' ? 'Vendor POS' : 'Built-in kitchen board',
      todo: 'Set POS=http with POS_URL and POS_API_KEY to send orders to the restaurant’s POS.',
    },
    {
      id: 'geocoder',
      label: 'Address search',
      done: env.GEOCODER !== 'gazetteer',
      current: GEOCODER_NAMES[env.GEOCODER],
      todo: 'Set GEOCODER=nominatim with NOMINATIM_URL, or GEOCODER=google with GOOGLE_MAPS_API_KEY.',
    },
    {
      id: 'map-style',
      label: 'Map style',
      done: !!env.MAP_STYLE_URL,
      current: env.MAP_STYLE_URL ? 'Hosted map style' : 'Built-in offline style (no streets)',
      todo: 'Set MAP_STYLE_URL to a hosted MapLibre style, and MAP_CSP_ORIGINS to its tile hosts.',
    },
    {
      id: 'mail',
      label: 'E-mail',
      done: !!env.SMTP_URL,
      current: env.SMTP_URL ? 'SMTP server' : 'Kept as files in DATA_DIR/mail (nobody receives them)',
      todo: 'Set SMTP_URL (smtp://user:password@host:587) and MAIL_FROM, so verification and password-reset e-mails reach customers.',
    },
    {
      id: 'admin-password',
      label: 'Manager password',
      done: !firstRunPasswordSet,
      current: firstRunPasswordSet ? `The generated first-run password (in DATA_DIR/${FIRST_RUN_PASSWORD_FILE})` : 'Changed',
      todo: 'Change the manager password here in the manager area, or set ADMIN_EMAIL and ADMIN_PASSWORD.',
    },
  ];
}

export function adminGoLiveRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', requireAdmin, async (c) => {
    const firstRunPasswordSet = await firstRunPasswordStillSet(deps.store.db, deps.env.DATA_DIR);
    const body: GoLiveResponse = { testPayments: deps.payments.name === 'test', items: goLiveItems(deps.env, firstRunPasswordSet) };
    return c.json(body);
  });
}
