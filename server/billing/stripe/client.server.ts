import Stripe from 'stripe';
import type { Config } from '../../platform/index.ts';

let cached: { key: string; client: Stripe } | null = null;

/** The Stripe client for this configuration, or null when payments are not configured. */
export function getStripe(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const key = `${config.STRIPE_SECRET_KEY}|${config.STRIPE_API_URL ?? ''}`;
  if (cached?.key === key) return cached.client;
  const base = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  const client = new Stripe(config.STRIPE_SECRET_KEY, {
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Catalog Builder' },
  });
  cached = { key, client };
  return client;
}

/** Stripe's own API, where browsers ask for card tokens unless STRIPE_API_URL names another. */
export const STRIPE_API_BASE = 'https://api.stripe.com';

/**
 * What the card page needs to ask Stripe for a card token from the browser (the publishable key and the API base,
 * which is also the page's one `connect-src` origin besides itself), or null when no publishable key is set.
 */
export function stripeBrowserApi(
  config: Pick<Config, 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_API_URL' | 'stripeConfigured'>,
): { publishableKey: string; apiBase: string; origin: string } | null {
  if (!config.STRIPE_PUBLISHABLE_KEY || !config.stripeConfigured) return null;
  const apiBase = (config.STRIPE_API_URL ?? STRIPE_API_BASE).replace(/\/+$/, '');
  return { publishableKey: config.STRIPE_PUBLISHABLE_KEY, apiBase, origin: new URL(apiBase).origin };
}

export type { Stripe };
