import type { Gate } from '../../core/billing/index.ts';
import { eq } from 'drizzle-orm';
import { PageLayoutSchema, type PageLayout } from '../../core/model/index.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { getEntitlements, templateAllowed } from '../billing/index.ts';
import { listAccounts, listCategories } from '../stores/index.ts';
import { listTemplateCatalogs, type CatalogCard } from './cards.server.ts';
import { listLayouts } from './layouts.server.ts';

/** A store account the wizard can build from: its products and their categories (SPEC §2.6). */
export type WizardStore = {
  id: string;
  name: string;
  listingCount: number;
  categories: { id: string; name: string; count: number }[];
};

/**
 * What the new-catalog wizard offers a merchant: their stores with products, and the template catalogs, each with
 * its gate (SPEC §9: the Essential plan starts from the five Essential templates only).
 */
export type WizardChoices = {
  stores: WizardStore[];
  templates: (CatalogCard & { gate: Gate })[];
  /** The product grids the merchant may lay the product pages out with (theirs and the library's). */
  layouts: PageLayout[];
};

export async function wizardChoices(opts: { db: Db; ownerId: string }): Promise<WizardChoices> {
  const accounts = (await listAccounts(opts)).filter((a) => a.listing_count > 0);
  const stores = await Promise.all(
    accounts.map(async (a) => ({
      id: a.id,
      name: a.name,
      listingCount: a.listing_count,
      categories: (await listCategories({ ...opts, accountId: a.id }))
        .filter((c) => c.count > 0)
        .map((c) => ({ id: c.id, name: c.name, count: c.count })),
    })),
  );
  const ent = await getEntitlements({ db: opts.db, userId: opts.ownerId });
  const templates = await Promise.all(
    (await listTemplateCatalogs(opts)).map(async (card) => ({
      ...card,
      gate: await templateAllowed({ db: opts.db, ent, template: { id: card._id, slug: card.slug } }),
    })),
  );
  const [user] = await opts.db
    .select({ id: users.id, roles: users.roles, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, opts.ownerId));
  const layouts = user
    ? (await listLayouts({ db: opts.db, user })).data
        .filter((l) => l.type === 'products')
        .map((l) => PageLayoutSchema.parse(l))
    : [];
  return { stores, templates, layouts };
}
