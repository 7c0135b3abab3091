import type { Transport, TransportAnswer } from './sync.ts';

/**
 * The editor's HTTP calls. Standalone, the session cookie signs them; inside the Shopify admin every call
 * carries a fresh session token (App Bridge's `shopify.idToken()`, else the one the page was opened with).
 */
export type TokenSource = () => Promise<string | null>;

declare global {
  interface Window {
    shopify?: { idToken?: () => Promise<string> };
  }
}

/** The session token source of the embedded app: App Bridge when it is there, else the page's id_token. */
export function embeddedTokenSource(initial: string | null): TokenSource {
  return async () => {
    try {
      if (typeof window !== 'undefined' && window.shopify?.idToken) return await window.shopify.idToken();
    } catch {
      // App Bridge not ready (or not in the admin): the token the page came with still signs the call.
    }
    return initial;
  };
}

export type ApiClient = {
  json: (path: string, init?: RequestInit) => Promise<TransportAnswer>;
  transport: Transport;
};

export function createApiClient(token?: TokenSource): ApiClient {
  const json = async (path: string, init: RequestInit = {}): Promise<TransportAnswer> => {
    const bearer = token ? await token() : null;
    const res = await fetch(path, {
      ...init,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(typeof init.body === 'string' ? { 'Content-Type': 'application/json' } : {}),
        ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
        ...init.headers,
      },
    });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: res.status, body };
  };
  const id = encodeURIComponent;
  return {
    json,
    transport: {
      savePage: (catalogId, pageId, body) =>
        json(`/api/v1/catalogs/${id(catalogId)}/pages/${id(pageId)}`, {
          method: 'PUT',
          body: JSON.stringify(body),
        }),
      saveChanges: (catalogId, body) =>
        json(`/api/v1/catalogs/${id(catalogId)}/changes`, { method: 'POST', body: JSON.stringify(body) }),
      getChanges: (catalogId, since) => json(`/api/v1/catalogs/${id(catalogId)}/changes?since=${since}`),
    },
  };
}
