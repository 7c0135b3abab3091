import { PAGING } from '../../../core/constants.ts';
import { requirePageRole, staffActionsFor } from '../../../server/accounts/index.ts';
import { listTemplates } from '../../../server/catalogs/index.ts';
import { getRuntime } from '../../../server/runtime/index.ts';
import type { TemplateKind } from '../templates/template-preview.tsx';
import { readListQuery } from './staff-list.tsx';
import type { LibraryRow } from './template-library.tsx';

/** The loader both screens share: the library page asked for, with what staff did to each row. */
export async function loadTemplateLibrary(request: Request, kind: TemplateKind) {
  const user = await requirePageRole(request, []);
  const { page, filter, sort } = readListQuery(request);
  const db = getRuntime().db;
  const result = await listTemplates({
    db,
    user,
    kind,
    page,
    limit: PAGING.adminListDefault,
    filter: filter || undefined,
    scope: 'library',
    sort,
  });
  const actions = await staffActionsFor({
    db,
    subjectType: kind === 'price' ? 'price_template' : 'description_template',
    subjectIds: result.data.map((r) => r._id),
    perSubject: 3,
  });
  const data: LibraryRow[] = result.data.map((r) => ({ ...r, staffActions: actions.get(r._id) ?? [] }));
  return { data, total: result.total, page, filter, sort };
}
