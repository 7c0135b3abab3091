import { apiFetch } from '../components/catalogs/api.ts';
import { withRetry } from './http-retry.ts';
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
  // One call, as the save queue makes them: it retries saves itself (SPEC §4, 5 times, 5 s × attempt).
  const once = async (path: string, init: RequestInit = {}): Promise<TransportAnswer> => {
    const res = await apiFetch(path, init);
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: res.status, body };
  };
  // Every other call of the editor is retried as SPEC §7 says (http-retry.ts).
  const json = async (path: string, init: RequestInit = {}): Promise<TransportAnswer> => {
    const res = await withRetry(path, () => apiFetch(path, init));
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: res.status, body };
  };
  const id = encodeURIComponent;
  return {
    json,
    transport: {
      savePage: (catalogId, pageId, body) =>
        once(`/api/v1/catalogs/${id(catalogId)}/pages/${id(pageId)}`, {
          method: 'PUT',
          body: JSON.stringify(body),
        }),
      saveChanges: (catalogId, body) =>
        once(`/api/v1/catalogs/${id(catalogId)}/changes`, { method: 'POST', body: JSON.stringify(body) }),
      getChanges: (catalogId, since) => once(`/api/v1/catalogs/${id(catalogId)}/changes?since=${since}`),
    },
  };
}
