import { and, asc, count, eq, sql } from 'drizzle-orm';
import { SAVED_THEMES_MAX, type SavedLook } from '../../core/branding/index.ts';
import { isUuid } from '../../db/owned.ts';
import type { Db } from '../../db/client.ts';
import { savedThemes } from '../../db/schema.ts';
import { assertFeature, getEntitlements } from '../billing/index.ts';
import { badRequest, notFound } from '../platform/index.ts';

export const SAVED_THEME_MESSAGES = {
  tooMany: `You can keep up to ${SAVED_THEMES_MAX} saved themes. Delete one to save another.`,
  notFound: 'Theme not found.',
} as const;

export type SavedThemeView = { _id: string; name: string; look: SavedLook; updated_at: string };

const view = (row: typeof savedThemes.$inferSelect): SavedThemeView => ({
  _id: row.id,
  name: row.name,
  look: row.look as SavedLook,
  updated_at: row.updatedAt.toISOString(),
});

/** The merchant's saved themes, by name. */
export async function listSavedThemes(opts: { db: Db; ownerId: string }): Promise<SavedThemeView[]> {
  const rows = await opts.db
    .select()
    .from(savedThemes)
    .where(eq(savedThemes.ownerId, opts.ownerId))
    .orderBy(asc(savedThemes.name));
  return rows.map(view);
}

/**
 * Save a look under a name (issue 24 §1): the same name replaces the look it held. Themes are the plan's
 * `custom_themes` feature (SPEC §6), so saving one needs it too; at most SAVED_THEMES_MAX per account.
 */
export async function saveTheme(opts: {
  db: Db;
  ownerId: string;
  name: string;
  look: SavedLook;
}): Promise<SavedThemeView> {
  const { db, ownerId } = opts;
  await assertFeature({ db, ent: await getEntitlements({ db, userId: ownerId }), feature: 'custom_themes' });
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: savedThemes.id })
      .from(savedThemes)
      .where(and(eq(savedThemes.ownerId, ownerId), eq(savedThemes.name, opts.name)));
    if (!existing) {
      const [{ n }] = (await tx
        .select({ n: count() })
        .from(savedThemes)
        .where(eq(savedThemes.ownerId, ownerId))) as [{ n: number }];
      if (n >= SAVED_THEMES_MAX) throw badRequest(SAVED_THEME_MESSAGES.tooMany);
    }
    const [row] = await tx
      .insert(savedThemes)
      .values({ ownerId, name: opts.name, look: opts.look })
      .onConflictDoUpdate({
        target: [savedThemes.ownerId, savedThemes.name],
        set: { look: opts.look, updatedAt: sql`now()` },
      })
      .returning();
    return view(row!);
  });
}

/** Delete one of the merchant's saved themes (another merchant's id is 404, as if it did not exist). */
export async function deleteSavedTheme(opts: { db: Db; ownerId: string; themeId: string }): Promise<void> {
  if (!isUuid(opts.themeId)) throw notFound(SAVED_THEME_MESSAGES.notFound);
  const gone = await opts.db
    .delete(savedThemes)
    .where(and(eq(savedThemes.id, opts.themeId), eq(savedThemes.ownerId, opts.ownerId)))
    .returning({ id: savedThemes.id });
  if (!gone.length) throw notFound(SAVED_THEME_MESSAGES.notFound);
}
