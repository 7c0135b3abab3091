import type { QueryParams } from '../shared/index.ts';

/** One filter of a searchCriteria; filters of one group are ORed, groups are ANDed. */
export type MagentoFilter = { field: string; value: string | number; conditionType?: string };

/**
 * The query parameters of a Magento searchCriteria (snake_case keys, as Magento echoes them back):
 * `searchCriteria[filter_groups][0][filters][0][field]=visibility&...[value]=1&...[condition_type]=neq`.
 */
export function searchCriteria(opts: {
  groups?: MagentoFilter[][];
  sortField?: string;
  pageSize?: number;
  currentPage?: number;
}): QueryParams {
  const params: QueryParams = {};
  (opts.groups ?? []).forEach((filters, g) =>
    filters.forEach((f, i) => {
      const key = `searchCriteria[filter_groups][${g}][filters][${i}]`;
      params[`${key}[field]`] = f.field;
      params[`${key}[value]`] = f.value;
      params[`${key}[condition_type]`] = f.conditionType ?? 'eq';
    }),
  );
  if (opts.sortField) {
    params['searchCriteria[sortOrders][0][field]'] = opts.sortField;
    params['searchCriteria[sortOrders][0][direction]'] = 'ASC';
  }
  if (opts.pageSize !== undefined) params['searchCriteria[pageSize]'] = opts.pageSize;
  if (opts.currentPage !== undefined) params['searchCriteria[currentPage]'] = opts.currentPage;
  return params;
}

/** A date as Magento stores and filters it: UTC, "YYYY-MM-DD HH:MM:SS". */
export const magentoDate = (d: Date): string => d.toISOString().slice(0, 19).replace('T', ' ');

/** Magento's "2017-11-29 20:40:07" (UTC) as ISO 8601; null when absent or unreadable. */
export function isoFromMagento(v: unknown): string | null {
  if (typeof v !== 'string' || !/^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d/.test(v)) return null;
  const d = new Date(`${v.slice(0, 10)}T${v.slice(11, 19)}Z`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * Magento's error text with its %placeholders filled from `parameters` ("The consumer isn't authorized to
 * access %resources." with { resources: "Magento_Catalog::products" }; or %1, %2 from an array).
 */
export function magentoErrorMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as { message?: unknown; parameters?: unknown };
  if (typeof b.message !== 'string') return null;
  const params = b.parameters;
  return b.message.replace(/%(\w+)/g, (whole, name: string) => {
    if (Array.isArray(params)) {
      const v: unknown = params[Number(name) - 1];
      return v === undefined ? whole : String(v);
    }
    if (params && typeof params === 'object' && name in params)
      return String((params as Record<string, unknown>)[name]);
    return whole;
  });
}
