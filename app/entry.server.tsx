import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';
import { stripeBrowserApi } from '../server/billing/index.ts';
import { documentPolicy, scriptNonce } from '../server/platform/index.ts';
import { getRuntime } from '../server/runtime/index.ts';
import { APP_BRIDGE_ORIGIN, embeddedFrameAncestors, getShopify } from './shopify.server.ts';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
) {
  // Every inline script of this document carries the nonce: ServerRouter hands it to <Scripts>, <Links> and
  // <ScrollRestoration> and its streamed data, renderToPipeableStream to React's own.
  const nonce = scriptNonce();
  const url = new URL(request.url);
  const shopify = url.pathname === '/app' || url.pathname.startsWith('/app/') ? getShopify() : null;
  // The card page asks Stripe's API for card tokens from the browser: it may connect to that origin and no other.
  const stripeApi = url.pathname === '/cards' ? stripeBrowserApi(getRuntime().config) : null;
  // The embedded app may be framed by the merchant's Shopify admin only; everything else by ourselves only.
  headers.set(
    'Content-Security-Policy',
    shopify
      ? documentPolicy({
          nonce,
          frameAncestors: embeddedFrameAncestors(shopify, request, headers),
          scriptOrigins: [APP_BRIDGE_ORIGIN],
        })
      : documentPolicy({
          nonce,
          frameAncestors: "'self'",
          ...(stripeApi ? { connectOrigins: [stripeApi.origin] } : {}),
        }),
  );

  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });

  return new Promise<Response>((resolve, reject) => {
    const userAgent = request.headers.get('user-agent');
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeout: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout);
              timeout = undefined;
              callback();
            },
          });
          headers.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
  });
}

/** Route data (`.data` requests) is the signed-in user's: never kept by a browser or a proxy. */
export function handleDataRequest(response: Response): Response {
  if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', 'no-store');
  return response;
}
