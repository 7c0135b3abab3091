import type { CsvColumnMapping, CsvFormat, CsvProblem } from '../../../core/csv/index.ts';
import type { Listing } from '../../../core/model/index.ts';
import type { ImportListing } from './import-pictures.ts';
import { apiFetch } from '../catalogs/api.ts';

/** Browser side of the listings API (SPEC §7), shared by the listings page and the editor's panel. */

export type PanelListing = Listing & {
  id: string;
  account_id: string;
  visible: boolean;
  created_at: string;
  updated_at: string;
};

export type PanelAccount = {
  id: string;
  type: string;
  name: string;
  listing_count: number;
  /** connected, disconnected...: whether a sync will write the account's listings again. */
  connection_status?: string;
};

export type ListingQuery = {
  page: number;
  keywords: string;
  status: '' | 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
  sortBy: string;
  inStock: boolean;
  onlineOnly: boolean;
  visibleOnly: boolean;
  /** A category (category_id: a store category or a name the listings carry) or a store collection. */
  categoryId: string;
  collectionId: string;
  /** A shop of a marketplace account (shop_id), for stores that have several. */
  shopId: string;
};

export const DEFAULT_QUERY: ListingQuery = {
  page: 1,
  keywords: '',
  status: '',
  sortBy: 'title',
  inStock: false,
  onlineOnly: false,
  visibleOnly: false,
  categoryId: '',
  collectionId: '',
  shopId: '',
};

export type ListingPage = {
  data: PanelListing[];
  total: number;
  count: number;
  page: number;
  page_size: number;
};

export type ImportReview = {
  format: CsvFormat;
  rowCount: number;
  listings: Listing[];
  localImages: string[];
  warnings: CsvProblem[];
  headers: string[];
  columns: CsvColumnMapping;
  columnsFrom: 'names' | 'request' | 'saved';
};

/** An API error as the server words it (SPEC §8), with the CSV problems when there are some. */
export class ApiCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await apiFetch(path, init);
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiCallError(body.message ?? res.statusText, res.status, body.details);
  return body as T;
}

export function listingsUrl(accountId: string, q: ListingQuery): string {
  const p = new URLSearchParams({ page: String(q.page), sort_by: q.sortBy });
  if (q.keywords.trim()) p.set('keywords', q.keywords.trim());
  if (q.status) p.set('status', q.status);
  if (q.inStock) p.set('in_stock', 'true');
  if (q.onlineOnly) p.set('show_online_only', 'true');
  if (q.visibleOnly) p.set('visible', 'true');
  if (q.categoryId) p.set('category_id', q.categoryId);
  if (q.collectionId) p.set('collection_id', q.collectionId);
  if (q.shopId) p.set('shop_id', q.shopId);
  return `/api/v1/accounts/${encodeURIComponent(accountId)}/listings?${p}`;
}

export const fetchListings = (accountId: string, q: ListingQuery, signal?: AbortSignal) =>
  call<ListingPage>(listingsUrl(accountId, q), { signal });

/** An entry of GET api/v1/accounts/{id}/categories: a store collection, a store category or a listing's own. */
export type PanelCategory = {
  id: string;
  title: string;
  kind: 'collection' | 'category' | 'listing';
  count: number;
};

/** The shops of a marketplace account (SPEC §7), and a shop's sections: the filters follow the platform. */
export const fetchShops = (accountId: string) =>
  call<{ data: { shop_id: string; title: string }[] }>(
    `/api/v1/accounts/${encodeURIComponent(accountId)}/shops`,
  );
export const fetchSections = (accountId: string, shopId: string) =>
  call<{ data: { id: string; title: string; shop_id: string }[] }>(
    `/api/v1/accounts/${encodeURIComponent(accountId)}/shops/${encodeURIComponent(shopId)}/sections`,
  );

export const fetchCategories = (accountId: string) =>
  call<{ data: PanelCategory[] }>(`/api/v1/accounts/${encodeURIComponent(accountId)}/categories`);

/**
 * The filter an entry of the category list sets: collections are asked by collection_id (category_id matches
 * a listing's category, never a collection's membership), categories by category_id.
 */
export function categoryFilter(
  c: Pick<PanelCategory, 'id' | 'kind'> | null,
): Pick<ListingQuery, 'categoryId' | 'collectionId'> {
  if (!c) return { categoryId: '', collectionId: '' };
  return c.kind === 'collection'
    ? { categoryId: '', collectionId: c.id }
    : { categoryId: c.id, collectionId: '' };
}

export const createListing = (listing: Partial<Listing>) =>
  call<PanelListing>('/api/v1/listings', { method: 'POST', body: JSON.stringify(listing) });

export const updateListing = (id: string, changes: Partial<Listing>) =>
  call<PanelListing>(`/api/v1/listings/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: JSON.stringify(changes),
  });

export const fetchListing = (id: string) => call<PanelListing>(`/api/v1/listings/${encodeURIComponent(id)}`);

/** The store's current pictures for a store listing (the listing editor's refreshImages). */
export const refreshListingImages = (id: string) =>
  call<PanelListing>(`/api/v1/listings/${encodeURIComponent(id)}/images/refresh`, { method: 'POST' });

export const deleteListing = (id: string) =>
  call<{ ok: true }>(`/api/v1/listings/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Read a file for review; `columns` maps the file's headers that are not our names (the mapping step). */
export function reviewCsv(file: File, columns?: CsvColumnMapping): Promise<ImportReview> {
  const form = new FormData();
  form.append('file', file);
  if (columns) form.append('columns', JSON.stringify(columns));
  return call<ImportReview>('/api/v1/listings/import', { method: 'POST', body: form });
}

export function uploadImage(file: File): Promise<{ name: string; url: string }> {
  const form = new FormData();
  form.append('files', file);
  return call<{ data: { name: string; url: string }[] }>('/api/v1/listings/import/images', {
    method: 'POST',
    body: form,
  }).then((r) => r.data[0]!);
}

export const storeListings = (listings: ImportListing[]) =>
  call<{ created: number; updated: number; count: number }>('/api/v1/listings', {
    method: 'POST',
    body: JSON.stringify(listings),
  });

/** Fetch again the pictures of a listing that could not be kept; the job to follow, or null when none is needed. */
export const retryListingPictures = (id: string) =>
  call<{ job_id: string | null }>(`/api/v1/listings/${encodeURIComponent(id)}/pictures/retry`, {
    method: 'POST',
  });

/** Resolves once the job is complete or failed (polled every 0.5 s, SPEC §9; network errors retried). */
export async function waitForJob(jobId: string, signal?: AbortSignal): Promise<void> {
  for (;;) {
    signal?.throwIfAborted();
    try {
      const status = await call<{ job_state: string }>(`/api/v1/jobs?jobId=${encodeURIComponent(jobId)}`);
      if (status.job_state === 'complete' || status.job_state === 'failed') return;
    } catch (err) {
      if (err instanceof ApiCallError && err.status === 404) return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
