import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_LAYOUTS } from '../../core/layouts/index.ts';
import { DEFAULT_THEME } from '../../core/model/index.ts';
import type { Db } from '../client.ts';
import {
  descriptionTemplates,
  globalSettings,
  offers,
  pageLayouts,
  plans,
  priceTemplates,
} from '../schema.ts';
import { LAUNCH_OFFER, PLANS } from './plans.ts';
import { DESCRIPTION_TEMPLATES, PRICE_TEMPLATES } from './templates.ts';

export { PLANS, TRIAL_PLAN_ID, DEFAULT_UPGRADE_PLAN_ID } from './plans.ts';

/** A canonical fingerprint of seeded values (jsonb reorders keys, so keys are sorted first). */
export function fingerprint(value: unknown): string {
  const canon = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canon)
      : v && typeof v === 'object' && !(v instanceof Date)
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canon((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(canon(value)))
    .digest('hex')
    .slice(0, 32);
}

const SEEDED = 'seeded_fingerprints';

/**
 * Idempotent, at every start. Plans are the product's own and always follow the code. Layouts, templates
 * and the default theme follow the code too, but only while nobody changed them: staff edit them in the
 * admin screens (SPEC §2.1), so a row whose values differ from what the seed last wrote is left alone.
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

    // The launch offer is created once; from then on its count and end belong to staff (PUT /api/v1/offers).
    await tx
      .insert(offers)
      .values({
        id: LAUNCH_OFFER.id,
        planId: LAUNCH_OFFER.planId,
        period: LAUNCH_OFFER.period,
        percentOff: LAUNCH_OFFER.percentOff,
        remaining: LAUNCH_OFFER.remaining,
        expiresAt: new Date(Date.now() + LAUNCH_OFFER.days * 86_400_000),
      })
      .onConflictDoNothing();

    const [stored] = await tx.select().from(globalSettings).where(eq(globalSettings.key, SEEDED));
    const last = (stored?.value ?? {}) as Record<string, string>;
    const next: Record<string, string> = { ...last };
    /** Write `values` unless the row exists and no longer holds what the seed last wrote. */
    const seed = async <T extends Record<string, unknown>>(opts: {
      key: string;
      values: T;
      current: () => Promise<T | undefined>;
      insert: () => Promise<unknown>;
      update: () => Promise<unknown>;
    }) => {
      const current = await opts.current();
      const wanted = fingerprint(opts.values);
      if (!current) await opts.insert();
      else if (fingerprint(current) === wanted) return void (next[opts.key] = wanted);
      else if (last[opts.key] && fingerprint(current) === last[opts.key]) await opts.update();
      else return; // changed by staff (or seeded before fingerprints were kept): theirs now
      next[opts.key] = wanted;
    };

    for (const layout of DEFAULT_LAYOUTS) {
      const values = {
        title: layout.title,
        type: layout.type,
        public: true,
        availability: layout.availability,
        document: layout as unknown,
      };
      const id = layout._id!;
      await seed({
        key: `page_layouts:${id}`,
        values,
        current: async () => {
          const [r] = await tx.select().from(pageLayouts).where(eq(pageLayouts.id, id));
          return (
            r && {
              title: r.title,
              type: r.type,
              public: r.public,
              availability: r.availability,
              document: r.document,
            }
          );
        },
        insert: () => tx.insert(pageLayouts).values({ id, ownerId: null, ...values }),
        update: () =>
          tx
            .update(pageLayouts)
            .set({ ...values, updatedAt: sql`now()` })
            .where(eq(pageLayouts.id, id)),
      });
    }
    for (const [table, rows, kind] of [
      [priceTemplates, PRICE_TEMPLATES, 'price_templates'],
      [descriptionTemplates, DESCRIPTION_TEMPLATES, 'description_templates'],
    ] as const) {
      for (const t of rows) {
        const { id, ...values } = { ...t, public: true } as Record<string, unknown> & { id: string };
        await seed({
          key: `${kind}:${id}`,
          values,
          current: async () => {
            const [r] = await tx.select().from(table).where(eq(table.id, id));
            return (
              r &&
              (Object.fromEntries(
                Object.keys(values).map((k) => [k, (r as Record<string, unknown>)[k]]),
              ) as typeof values)
            );
          },
          insert: () => tx.insert(table).values({ id, ownerId: null, ...values } as never),
          update: () =>
            tx
              .update(table)
              .set({ ...values, updatedAt: sql`now()` } as never)
              .where(eq(table.id, id)),
        });
      }
    }
    await seed({
      key: 'global_settings:default_theme',
      values: { value: DEFAULT_THEME as unknown },
      current: async () => {
        const [r] = await tx.select().from(globalSettings).where(eq(globalSettings.key, 'default_theme'));
        return r && { value: r.value };
      },
      insert: () => tx.insert(globalSettings).values({ key: 'default_theme', value: DEFAULT_THEME }),
      update: () =>
        tx
          .update(globalSettings)
          .set({ value: DEFAULT_THEME })
          .where(eq(globalSettings.key, 'default_theme')),
    });

    await tx
      .insert(globalSettings)
      .values({ key: SEEDED, value: next })
      .onConflictDoUpdate({ target: globalSettings.key, set: { value: next } });
  });
}
