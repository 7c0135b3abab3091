/** App Bridge's global inside the Shopify admin (app/routes/app.tsx loads it): it issues session tokens. */
type AppBridge = { idToken?: () => Promise<string> };

/**
 * A request to our API from the app's screens (catalogs, wizard, editor, products panel). Inside the Shopify
 * admin there is no session cookie, so every call carries a fresh App Bridge session token (DESIGN §1);
 * standalone, the cookie does.
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (typeof init.body === 'string') headers['Content-Type'] = 'application/json';
  const bridge = (globalThis as { shopify?: AppBridge }).shopify;
  if (bridge?.idToken) headers.Authorization = `Bearer ${await bridge.idToken()}`;
  return fetch(path, {
    ...init,
    credentials: 'same-origin',
    headers: { ...headers, ...(init.headers as Record<string, string> | undefined) },
  });
}

/** A call answering the JSON body, or throwing with the status. */
export async function callApi<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await apiFetch(path, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}
