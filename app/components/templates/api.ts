import { withRetry } from '../../editor/http-retry.ts';
import { apiFetch } from '../catalogs/api.ts';
import type { TemplateKind } from './template-preview.tsx';

/** A price or description template as the API answers it (SPEC §3 Templates). */
export type TemplateRecord = {
  _id: string;
  title: string;
  html: string;
  owner: string | null;
  public: boolean;
  ordering: number;
  replacements?: { source: string; target: string }[];
  options?: Record<string, unknown>;
  isOwner: boolean;
  library: boolean;
  updated_at: string;
};

export const TEMPLATE_PATHS: Record<TemplateKind, string> = {
  price: '/api/v1/pricetemplates',
  description: '/api/v1/descriptiontemplates',
};

/** The server's words for a refusal, or the status when it gave none. */
async function failure(res: Response | null): Promise<{ error: string }> {
  if (!res) return { error: 'The server could not be reached.' };
  const body = (await res.json().catch(() => ({}))) as { message?: string };
  return { error: body.message ?? `HTTP ${res.status}` };
}

/** The templates the user can use (their own and the library's public ones), or staff's library. */
export async function listTemplates(
  kind: TemplateKind,
  query: Record<string, string> = {},
): Promise<{ data: TemplateRecord[]; total: number } | { error: string }> {
  const qs = new URLSearchParams({ limit: '100', ...query });
  const path = `${TEMPLATE_PATHS[kind]}?${qs}`;
  // A read may be tried again (SPEC §7 HTTP retry); a write is not, so a slow create never makes two.
  const res = await withRetry(path, () => apiFetch(path)).catch(() => null);
  if (!res?.ok) return failure(res);
  return (await res.json()) as { data: TemplateRecord[]; total: number };
}

/** Creates (id null) or updates a template (SPEC §4: new creates, existing updates). */
export async function saveTemplate(
  kind: TemplateKind,
  id: string | null,
  body: Record<string, unknown>,
): Promise<{ data: TemplateRecord } | { error: string }> {
  const path = id ? `${TEMPLATE_PATHS[kind]}/${encodeURIComponent(id)}` : TEMPLATE_PATHS[kind];
  const res = await apiFetch(path, { method: id ? 'PUT' : 'POST', body: JSON.stringify(body) }).catch(
    () => null,
  );
  if (!res?.ok) return failure(res);
  return (await res.json()) as { data: TemplateRecord };
}

export async function deleteTemplate(
  kind: TemplateKind,
  id: string,
): Promise<{ ok: true } | { error: string }> {
  const res = await apiFetch(`${TEMPLATE_PATHS[kind]}/${encodeURIComponent(id)}`, { method: 'DELETE' }).catch(
    () => null,
  );
  if (!res?.ok) return failure(res);
  return { ok: true };
}
