import { PAGING } from '../../../core/constants.ts';
import type { Db } from '../../../db/client.ts';
import type { requirePageRole } from '../../../server/accounts/index.ts';
import { readListQuery } from './staff-list.tsx';

/** What every staff list function takes: the database, the page, 10 rows, the search and the sort. */
export type StaffListQuery = {
  db: Db;
  page: number;
  limit: number;
  filter: string | undefined;
  sort: string | undefined;
};

/**
 * The loader of a staff list screen (SPEC §2.1): staff only (admins, and the roles given), then the page, search
 * and sort of the address passed to the domain's list function, and the rows back with them.
 */
export async function loadStaffList<T extends object>(
  request: Request,
  roles: Parameters<typeof requirePageRole>[1],
  list: (query: StaffListQuery) => Promise<T>,
) {
  const { requirePageRole } = await import('../../../server/accounts/index.ts');
  const { getRuntime } = await import('../../../server/runtime/index.ts');
  await requirePageRole(request, roles);
  const { page, filter, sort } = readListQuery(request);
  const result = await list({
    db: getRuntime().db,
    page,
    limit: PAGING.adminListDefault,
    filter: filter || undefined,
    sort,
  });
  return { ...result, page, limit: PAGING.adminListDefault, filter, sort };
}
