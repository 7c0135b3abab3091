import type { LoaderFunctionArgs } from 'react-router';

// Shopify's own auth paths (session-token bounce, exit-iframe): the library answers them.
export async function loader({ request }: LoaderFunctionArgs) {
  const { getShopify } = await import('../shopify.server.ts');
  const shopify = getShopify();
  if (!shopify) return new Response('Shopify is not configured', { status: 404 });
  await shopify.authenticate.admin(request);
  return null;
}
