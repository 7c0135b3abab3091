import type { ActionFunctionArgs } from 'react-router';
import { getShopify } from '../shopify.server.ts';
import { handleShopifyWebhook } from '../../server/shopify/index.ts';
import { findInputProblem } from '../../server/platform/index.ts';
import { getRuntime } from '../../server/runtime/index.ts';

/**
 * Every Shopify webhook topic (shopify.app.toml points them all here). authenticate.webhook verifies the
 * HMAC signature and answers 401 itself when it does not match.
 */
export async function action({ request }: ActionFunctionArgs) {
  const shopify = getShopify();
  if (!shopify) return new Response('Shopify is not configured', { status: 404 });
  let webhook: Awaited<ReturnType<typeof shopify.authenticate.webhook>>;
  try {
    webhook = await shopify.authenticate.webhook(request);
  } catch (err) {
    // The signature matched but the body is not JSON: nothing Shopify sends, refused rather than a crash.
    if (err instanceof SyntaxError) return new Response('The webhook body is not JSON', { status: 400 });
    throw err;
  }
  const { topic, shop, payload, webhookId } = webhook;
  if (!payload || typeof payload !== 'object' || Array.isArray(payload) || findInputProblem(payload))
    return new Response('The webhook body is not a JSON object we can store', { status: 400 });
  const runtime = getRuntime();
  const { busy } = await handleShopifyWebhook({
    db: runtime.db,
    logger: runtime.logger,
    mailer: runtime.mailer,
    appSecret: runtime.config.appSecret,
    jobs: runtime.jobs,
    webhook: { topic: String(topic), shop, payload: payload as Record<string, unknown>, webhookId },
  });
  // Another process is handling this very delivery: a non-2xx answer makes Shopify deliver it again later,
  // when it is either done (then skipped) or was abandoned (then taken over).
  if (busy) return new Response('Already being handled', { status: 503, headers: { 'Retry-After': '60' } });
  return new Response(null, { status: 200 });
}

export const loader = () => new Response('Method not allowed', { status: 405 });
