import { eq } from 'drizzle-orm';
import { listProducts, productsDiffer, refreshProduct, SYNC_KINDS } from '../../core/commands/index.ts';
import type { PageFormat } from '../../core/constants.ts';
import type { Catalog } from '../../core/model/index.ts';
import {
  buildPreflightReport,
  type CatalogFindings,
  type LayoutFacts,
  type PreflightReport,
} from '../../core/preflight/index.ts';
import { printBleedMm, resolveFormat } from '../../core/render/index.ts';
import type { Db } from '../../db/client.ts';
import { storeAccounts } from '../../db/schema.ts';
import { findProductListing } from './synchronize.server.ts';
import { measureCatalogLayout, type LayoutInput } from './pdf/render-pdf.server.ts';

/**
 * Products whose listing no longer matches what the catalog shows (issue 28 preflight): the listing as our
 * last import or synchronize of the store left it, compared kind by kind (images, prices, information) the way
 * Synchronize would refresh it. Products without a listing any more are not reported here (Synchronize says so).
 */
export async function changedProducts(opts: {
  db: Db;
  ownerId: string;
  catalog: Catalog;
}): Promise<CatalogFindings['changedProducts']> {
  const elements = listProducts(opts.catalog);
  if (elements.length === 0) return [];
  const accounts = await opts.db
    .select({ id: storeAccounts.id, type: storeAccounts.type })
    .from(storeAccounts)
    .where(eq(storeAccounts.userId, opts.ownerId));
  const out: CatalogFindings['changedProducts'] = [];
  for (const element of elements) {
    const product = element.properties;
    const listing = await findProductListing({ db: opts.db, ownerId: opts.ownerId, product, accounts });
    if (!listing) continue;
    const kinds = SYNC_KINDS.filter((k) => productsDiffer(refreshProduct(product, listing, [k]), product));
    if (kinds.length) out.push({ elementId: element.id, title: product.title, kinds: [...kinds] });
  }
  return out;
}

/** The report from the layout's facts, the catalog's safe margin and the product comparison. */
export function catalogPreflightReport(
  catalog: Catalog,
  facts: LayoutFacts,
  findings?: CatalogFindings,
): PreflightReport {
  return buildPreflightReport({ facts, findings, safeMarginMm: catalog.settings.print.safe_margin_mm });
}

/**
 * The preflight on demand: the catalog laid out as its print export (with the print bleed), measured, and its
 * products compared with their listings when a database is given (the CLI has none).
 */
export async function preflightCatalog(
  input: Omit<LayoutInput, 'bleedMm' | 'layoutOnly'> & {
    db?: Db;
    ownerId?: string;
    /** The catalog as saved, when `catalog` has pictures swapped for our kept copies: compared with listings. */
    compareWith?: Catalog;
  },
): Promise<PreflightReport & { pages: number }> {
  const format: PageFormat = resolveFormat(input.catalog, input.format);
  const measured = await measureCatalogLayout({
    ...input,
    format,
    bleedMm: printBleedMm(input.catalog, format),
  });
  const findings =
    input.db && input.ownerId
      ? {
          changedProducts: await changedProducts({
            db: input.db,
            ownerId: input.ownerId,
            catalog: input.catalog,
          }),
        }
      : undefined;
  return { pages: measured.pages, ...catalogPreflightReport(input.catalog, measured.facts, findings) };
}

/** A preflight job's result, as GET /api/v1/jobs reports it. */
export type CatalogPreflight = PreflightReport & { catalogId: string; pages: number };
