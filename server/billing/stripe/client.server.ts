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

export type { Stripe };
