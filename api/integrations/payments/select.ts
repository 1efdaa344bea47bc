/** Picks the Payments adapter from PAYMENTS; missing Stripe keys stop the start with their names. */
import type { Kysely } from 'kysely';

import type { Env } from '../../env';
import type { Database } from '../../store/schema';
import type { Payments } from './port';
import { publicOrigin } from './flow';
import { createStripePayments } from './stripe';
import { createTestCheckoutPayments } from './test-checkout';

export function createPaymentsFromEnv(env: Env, db: Kysely<Database>): Payments {
  if (env.PAYMENTS === 'stripe') {
    if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
      throw new Error('Invalid configuration:\n  PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    }
    return createStripePayments({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiBase: env.STRIPE_API_BASE,
    });
  }
  return createTestCheckoutPayments(db, publicOrigin(env));
}
