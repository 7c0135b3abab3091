import type { ActionFunctionArgs } from 'react-router';
import { getStripe, handleStripeWebhook } from '../../server/billing/index.ts';
import { ApiError, errorResponse } from '../../server/platform/index.ts';
import { getRuntime } from '../../server/runtime/index.ts';

/** Stripe's events (STRIPE_WEBHOOK_SECRET signs them): the raw body is what the signature covers. */
export async function action({ request }: ActionFunctionArgs) {
  const runtime = getRuntime();
  const stripe = getStripe(runtime.config);
  const secret = runtime.config.STRIPE_WEBHOOK_SECRET;
  if (!stripe || !secret) return new Response('Stripe is not configured', { status: 404 });
  try {
    const { busy } = await handleStripeWebhook({
      db: runtime.db,
      stripe,
      webhookSecret: secret,
      payload: await request.text(),
      signature: request.headers.get('stripe-signature'),
      mailer: runtime.mailer,
      logger: runtime.logger,
      appUrl: runtime.config.appUrl,
    });
    // Another process is on this very event: a non-2xx answer makes Stripe send it again later.
    if (busy) return new Response('Already being handled', { status: 503, headers: { 'Retry-After': '60' } });
    return Response.json({ received: true });
  } catch (err) {
    if (err instanceof ApiError) return errorResponse(err);
    throw err;
  }
}

export const loader = () => new Response('Method not allowed', { status: 405 });
