import { newLayout } from '../../../core/layouts/index.ts';

/*
 * What the layout manager's screens load (SPEC §2.3 /pagelayouts, §2.1 /admin/pagelayouts): the layouts the
 * user may use (a merchant: their own and the library's their plan allows) or, for staff, the whole library;
 * and for the editor one of them, or a new one. Another merchant's layout, or one the plan does not offer, is
 * a 404 like any unknown id.
 */

export type LayoutsScope = 'usable' | 'library';

export async function loadLayouts(request: Request, scope: LayoutsScope) {
  const { hasRole, requirePageRole } = await import('../../../server/accounts/index.ts');
  const { requireEntitledPageUser } = await import('../../../server/billing/index.ts');
  const { listLayouts } = await import('../../../server/catalogs/index.ts');
  const { getRuntime } = await import('../../../server/runtime/index.ts');
  const user =
    scope === 'library' ? await requirePageRole(request, []) : (await requireEntitledPageUser(request)).user;
  const { data, customSubscription } = await listLayouts({ db: getRuntime().db, user, scope });
  return {
    email: user.email,
    isStaff: hasRole(user, 'admin', 'manager'),
    scope,
    layouts: data,
    customSubscription,
  };
}

export async function loadLayout(request: Request, scope: LayoutsScope, id: string) {
  const loaded = await loadLayouts(request, scope);
  if (id === 'new') {
    return {
      ...loaded,
      layout: { ...newLayout(), isOwner: true, library: scope === 'library', ordering: 100 },
    };
  }
  const layout = loaded.layouts.find((l) => l._id === id);
  if (!layout) throw new Response('Layout not found.', { status: 404 });
  return { ...loaded, layout };
}
