import type { Db } from '../../db/client.ts';
import type { User } from '../accounts/index.ts';
import type { Storage } from '../files/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import { notFound } from '../platform/index.ts';
import { accessibleCatalog } from './exports.server.ts';

/** What a soft proof shows: the page as it will print (`proof`), or as the screen shows it (`rgb`). */
export const PROOF_VIEWS = ['proof', 'rgb'] as const;
export type ProofView = (typeof PROOF_VIEWS)[number];

/**
 * Where a page's soft proof pictures are stored: beside the catalog's PDFs, which /files never serves and a
 * deleted catalog's purge removes; each new proof of the page replaces the last.
 */
export const proofKey = (catalogId: string, pageId: string, view: ProofView) =>
  `pdf/${catalogId}/proof-${pageId.replace(/[^A-Za-z0-9_-]/g, '_')}-${view}.png`;

/**
 * Start a soft proof of one page (issue 28): the catalog's owner (or staff) only, of a page it has (else 404);
 * asking again while one is pending answers the same job. Poll GET /api/v1/jobs for the pictures' addresses.
 */
export async function requestPageProof(opts: {
  db: Db;
  jobs: JobQueue;
  user: User;
  catalogId: string;
  pageId: string;
}): Promise<{ job_id: string }> {
  const { catalog } = await accessibleCatalog(opts.db, opts.user, opts.catalogId);
  if (!catalog.pages.some((p) => p.id === opts.pageId)) throw notFound('Page not found.');
  const job = await opts.jobs.enqueue(
    'proof-page',
    { catalogId: catalog._id, pageId: opts.pageId },
    { ownerId: opts.user.id, dedupeKey: `proof-page:${catalog._id}:${opts.pageId}` },
  );
  return { job_id: job.id };
}

/** A page's last soft proof picture (PNG), for its catalog's owner or staff; 404 before the first proof. */
export async function getPageProof(opts: {
  db: Db;
  storage: Storage;
  user: User;
  catalogId: string;
  pageId: string;
  view: ProofView;
}): Promise<Buffer> {
  const { catalog } = await accessibleCatalog(opts.db, opts.user, opts.catalogId);
  const png = await opts.storage.get(proofKey(catalog._id, opts.pageId, opts.view));
  if (!png) throw notFound('This page has no soft proof yet.');
  return png;
}
