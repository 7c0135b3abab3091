import { unkeptPictureUrls, withKeptPictures } from '../../core/commands/index.ts';
import { EDITOR_OPENING } from '../../core/constants.ts';
import { packPages, type Catalog, type PackedCatalog } from '../../core/model/index.ts';
import type { Db } from '../../db/client.ts';
import { findKeptPictures } from '../listings/index.ts';
import { getCatalog, getCatalogStart, recentSavesOf, type CatalogRow } from './catalogs.server.ts';

/** Products placed before their pictures were kept show our copies (their listings'), not the store's. */
async function withOwnPictures(db: Db, ownerId: string, catalog: Catalog): Promise<Catalog> {
  const urls = unkeptPictureUrls(catalog);
  return urls.length ? withKeptPictures(catalog, await findKeptPictures({ db, ownerId, urls })) : catalog;
}

/**
 * What the editor opens with (issue 29, long catalogs): a catalog of up to `EDITOR_OPENING.wholeUpTo` pages whole;
 * a longer one as its first `EDITOR_OPENING.firstPages` pages and its page count (`total`), the rest read by
 * `editorCatalogPages` once the screen is up. Another owner's catalog is a 404.
 */
export async function openEditorCatalog(opts: {
  db: Db;
  ownerId: string;
  catalogId: string;
}): Promise<{ catalog: Catalog; revision: number; row: CatalogRow; total: number | null }> {
  const start = await getCatalogStart({ ...opts, pages: EDITOR_OPENING.wholeUpTo + 1 });
  const long = start.total > EDITOR_OPENING.wholeUpTo;
  const catalog = long
    ? { ...start.catalog, pages: start.catalog.pages.slice(0, EDITOR_OPENING.firstPages) }
    : start.catalog;
  return {
    catalog: await withOwnPictures(opts.db, opts.ownerId, catalog),
    revision: start.revision,
    row: start.row,
    total: long ? start.total : null,
  };
}

/**
 * The whole catalog as the editor holds it, packed (`packPages`), with its revision and the save ids the server
 * took: what a long catalog's editor reads after it opened on its first pages.
 */
export async function editorCatalogPages(opts: {
  db: Db;
  ownerId: string;
  catalogId: string;
}): Promise<{ revision: number; saves: string[]; packed: PackedCatalog }> {
  const { catalog, revision, row } = await getCatalog(opts);
  return {
    revision,
    saves: recentSavesOf(row).map((s) => s.id),
    packed: packPages(await withOwnPictures(opts.db, opts.ownerId, catalog)),
  };
}
