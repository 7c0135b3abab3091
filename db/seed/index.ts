import { sql } from 'drizzle-orm';
import { DEFAULT_LAYOUTS } from '../../core/layouts/index.ts';
import { DEFAULT_THEME } from '../../core/model/index.ts';
import type { Db } from '../client.ts';
import { descriptionTemplates, globalSettings, pageLayouts, plans, priceTemplates } from '../schema.ts';
import { PLANS } from './plans.ts';
import { DESCRIPTION_TEMPLATES, PRICE_TEMPLATES } from './templates.ts';

export { PLANS, TRIAL_PLAN_ID, DEFAULT_UPGRADE_PLAN_ID } from './plans.ts';

/**
 * Idempotent: the product's own plans, layouts, templates and default theme are upserted by id, so running it
 * at every start keeps them current without touching anything merchants own.
 */
export async function seedDatabase(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const p of PLANS) {
      const values = {
        id: p.id,
        title: p.title,
        tier: p.tier,
        yearlyPrice: p.yearlyPrice,
        payAsYouGoPrice: p.payAsYouGoPrice,
        durationDays: p.durationDays,
        limits: p.limits,
        ordering: p.ordering,
        public: p.public,
      };
      await tx.insert(plans).values(values).onConflictDoUpdate({ target: plans.id, set: values });
    }
    for (const layout of DEFAULT_LAYOUTS) {
      const values = {
        id: layout._id!,
        ownerId: null,
        title: layout.title,
        type: layout.type,
        public: true,
        availability: layout.availability,
        document: layout,
      };
      await tx
        .insert(pageLayouts)
        .values(values)
        .onConflictDoUpdate({ target: pageLayouts.id, set: { ...values, updatedAt: sql`now()` } });
    }
    for (const t of PRICE_TEMPLATES) {
      const values = { ...t, ownerId: null, public: true };
      await tx
        .insert(priceTemplates)
        .values(values)
        .onConflictDoUpdate({ target: priceTemplates.id, set: values });
    }
    for (const t of DESCRIPTION_TEMPLATES) {
      const values = { ...t, ownerId: null, public: true };
      await tx
        .insert(descriptionTemplates)
        .values(values)
        .onConflictDoUpdate({ target: descriptionTemplates.id, set: values });
    }
    await tx
      .insert(globalSettings)
      .values({ key: 'default_theme', value: DEFAULT_THEME })
      .onConflictDoUpdate({ target: globalSettings.key, set: { value: DEFAULT_THEME } });
  });
}
