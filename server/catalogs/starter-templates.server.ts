import { and, eq } from 'drizzle-orm';
import { STARTER_TEMPLATES, starterCatalog } from '../../core/builder/index.ts';
import { countProducts } from '../../core/rules/index.ts';
import { CURRENT_SCHEMA_VERSION } from '../../core/model/index.ts';
import type { Db } from '../../db/client.ts';
import { catalogPages, catalogs, users } from '../../db/schema.ts';
import { documentOf } from './catalogs.server.ts';
import { sanitizeBrand } from './brand.server.ts';

/**
 * The account that owns the starter templates (SPEC §4: the template catalog is recognised by its owner). Its
 * email carries SPEC §6's '+template' marker, so staff lists leave its catalogs out; it has no password and
 * cannot sign in.
 */
export const TEMPLATE_OWNER_EMAIL = 'catalog-builder+template@templates.invalid';

/**
 * Seed the starter template catalogs (issue 24 §5) at start-up, idempotently: a template whose slug a template
 * catalog already has is left as it is (staff may have edited it in the editor); a missing one is created, as a
 * published template catalog of the template account, with its slug (the wizard's template id, SPEC §9).
 */
export async function seedStarterTemplates(db: Db): Promise<{ created: string[] }> {
  const created: string[] = [];
  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values({
        email: TEMPLATE_OWNER_EMAIL,
        businessName: 'Catalog Builder templates',
        platform: 'standalone',
      })
      .onConflictDoNothing();
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, TEMPLATE_OWNER_EMAIL));
    for (const tpl of STARTER_TEMPLATES) {
      const [existing] = await tx
        .select({ id: catalogs.id })
        .from(catalogs)
        .where(and(eq(catalogs.slug, tpl.slug), eq(catalogs.isTemplate, true)));
      if (existing) continue;
      const id = globalThis.crypto.randomUUID();
      const now = new Date().toISOString();
      const catalog = sanitizeBrand({
        ...starterCatalog(tpl),
        _id: id,
        slug: tpl.slug,
        user: { _id: owner!.id, email: TEMPLATE_OWNER_EMAIL },
        created_at: now,
        updated_at: now,
      });
      await tx.insert(catalogs).values({
        id,
        ownerId: owner!.id,
        slug: tpl.slug,
        title: catalog.title,
        document: documentOf(catalog),
        schemaVersion: CURRENT_SCHEMA_VERSION,
        pageCount: catalog.pages.length,
        productCount: countProducts(catalog),
        isTemplate: true,
        published: true,
      });
      await tx
        .insert(catalogPages)
        .values(catalog.pages.map((p, i) => ({ id: p.id, catalogId: id, position: i, document: p })));
      created.push(tpl.slug);
    }
  });
  return { created };
}
