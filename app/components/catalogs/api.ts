/** App Bridge's global inside the Shopify admin (app/routes/app.tsx loads it): it issues session tokens. */
type AppBridge = { idToken?: () => Promise<string> };

/**
 * A call to our API from the catalogs screens. Inside the Shopify admin there is no session cookie, so every
 * call carries a fresh App Bridge session token (DESIGN §1); standalone, the cookie does. Answers the JSON
 * body, or throws with the status.
 */
export async function callApi<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const bridge = (globalThis as { shopify?: AppBridge }).shopify;
  if (bridge?.idToken) headers.Authorization = `Bearer ${await bridge.idToken()}`;
  const res = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}
