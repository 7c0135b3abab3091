import { redirect, type LoaderFunctionArgs } from 'react-router';

/**
 * SPEC §2.5 full redirects to server-side pages: /stripe/purchase is the payment page (/subscribe, keeping its
 * query: planId, period, coupon_id, nonav), /home the site's home.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.pathname.replace(/\/+$/, '') === '/stripe/purchase') return redirect(`/subscribe${url.search}`);
  return redirect('/');
}
