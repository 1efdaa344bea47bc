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

/**
 * The checklist for `env`; `firstRunPasswordSet`: the first-run manager's generated password still
 * works. Ids and codes only (issue 23): the manager's screen words them; `names` are what reads the
 * same in every language.
 */
export function goLiveItems(env: Env, firstRunPasswordSet: boolean): GoLiveItem[] {
  const stripeReady = env.PAYMENTS === 'stripe' && !!env.STRIPE_SECRET_KEY && !!env.STRIPE_WEBHOOK_SECRET;
  return [
    {
      id: 'payments',
      done: stripeReady,
      current: env.PAYMENTS === 'stripe' ? 'stripe-checkout' : 'test-checkout',
      names: {
        payments: 'PAYMENTS=stripe',
        secretKey: 'STRIPE_SECRET_KEY',
        webhookSecret: 'STRIPE_WEBHOOK_SECRET',
        webhookPath: '/api/payments/webhook',
      },
    },
    {
      id: 'pos',
      done: env.POS === 'http' && !!env.POS_URL,
      current: env.POS === 'http' ? 'vendor-pos' : 'kitchen-board',
      names: { pos: 'POS=http', url: 'POS_URL', apiKey: 'POS_API_KEY' },
    },
    {
      id: 'geocoder',
      done: env.GEOCODER !== 'gazetteer',
      current: env.GEOCODER,
      names: {
        nominatim: 'GEOCODER=nominatim',
        nominatimUrl: 'NOMINATIM_URL',
        google: 'GEOCODER=google',
        googleKey: 'GOOGLE_MAPS_API_KEY',
      },
    },
    {
      id: 'map-style',
      done: !!env.MAP_STYLE_URL,
      current: env.MAP_STYLE_URL ? 'hosted-map-style' : 'offline-map-style',
      names: { styleUrl: 'MAP_STYLE_URL', cspOrigins: 'MAP_CSP_ORIGINS' },
    },
    {
      id: 'mail',
      done: !!env.SMTP_URL,
      current: env.SMTP_URL ? 'smtp' : 'mail-files',
      names: { folder: 'DATA_DIR/mail', smtpUrl: 'SMTP_URL', smtpExample: 'smtp://user:password@host:587', mailFrom: 'MAIL_FROM' },
    },
    {
      id: 'admin-password',
      done: !firstRunPasswordSet,
      current: firstRunPasswordSet ? 'first-run-password' : 'password-changed',
      names: { file: `DATA_DIR/${FIRST_RUN_PASSWORD_FILE}`, email: 'ADMIN_EMAIL', password: 'ADMIN_PASSWORD' },
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
