import type { TFunction } from 'i18next';
import { layoutSaveRequest } from '../../../core/layouts/index.ts';
import { PageLayoutSchema, type PageLayout } from '../../../core/model/index.ts';
import { apiFetch } from '../catalogs/api.ts';
import type { ManagedLayout } from './layout-manager.tsx';

/** How long the save failure stays on screen (SPEC §4: 10 s). */
export const SAVE_FAILED_MS = 10_000;

export type LayoutSaveResult =
  { ok: true; layout: ManagedLayout; created: boolean } | { ok: false; message: string };

/**
 * Save a layout to the library (SPEC §4 'Layout save', core/layouts layoutSaveRequest): the owner updates it, a
 * non-owner or 'save as new' creates a copy. The layout manager's editor and the catalog editor's layout mode
 * both save through here. A failure answers SPEC §4's message; a refusal that says what to do (the plan, the
 * owner) adds its reason.
 */
export async function saveLayout(
  t: TFunction<'layouts'>,
  opts: Parameters<typeof layoutSaveRequest>[0],
): Promise<LayoutSaveResult> {
  const request = layoutSaveRequest(opts);
  const res = await apiFetch(request.path, {
    method: request.method,
    body: JSON.stringify(request.body),
  }).catch(() => null);
  if (!res?.ok) {
    const answer = res ? ((await res.json().catch(() => ({}))) as { message?: string }) : {};
    const failed = t('editor.saveFailed');
    return {
      ok: false,
      message: res?.status === 403 && answer.message ? `${failed}: ${answer.message}` : failed,
    };
  }
  const saved = ((await res.json()) as { data: ManagedLayout }).data;
  return { ok: true, layout: saved, created: request.creates };
}

/** The layout as a catalog page keeps it: the saved document without the library's bookkeeping. */
export const pageLayoutOf = (saved: ManagedLayout): PageLayout => PageLayoutSchema.parse(saved);
