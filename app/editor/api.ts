import { apiFetch } from '../components/catalogs/api.ts';
import type { Transport, TransportAnswer } from './sync.ts';

export type ApiClient = {
  json: (path: string, init?: RequestInit) => Promise<TransportAnswer>;
  transport: Transport;
};

/**
 * The editor's HTTP calls, through the app's `apiFetch`: the session cookie signs them standalone, a fresh
 * Shopify session token inside the admin. Answers status and body; the save queue decides what they mean.
 */
export function createApiClient(): ApiClient {
  const json = async (path: string, init: RequestInit = {}): Promise<TransportAnswer> => {
    const res = await apiFetch(path, init);
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
