import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PAGE_FORMAT_NAMES } from '../../core/constants.ts';
import { LANGUAGES } from '../../core/i18n/index.ts';
import { UserSettingsSchema, type UserSettings } from '../../core/model/index.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { notFound } from '../platform/index.ts';

/**
 * A user's settings as the worker uses them, read field by field: a field that does not validate (an old
 * format, a bad edit) takes its default and the others are kept, so one bad field cannot silently reset the
 * user's page format and image quality. `invalid` names the fields that were replaced.
 */
export function readUserSettings(raw: unknown): { settings: UserSettings; invalid: string[] } {
  const source = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const settings: Record<string, unknown> = {};
  const invalid: string[] = [];
  for (const [field, schema] of Object.entries(UserSettingsSchema.shape)) {
    const parsed = schema.safeParse(source[field]);
    if (parsed.success) {
      settings[field] = parsed.data;
    } else {
      invalid.push(field);
      settings[field] = schema.parse(undefined);
    }
  }
  return { settings: settings as UserSettings, invalid };
}

/** The owner's settings from the database (defaults for a user without any). */
export async function loadUserSettings(
  db: Db,
  userId: string,
): Promise<{ settings: UserSettings; invalid: string[] }> {
  const [row] = await db.select({ settings: users.settings }).from(users).where(eq(users.id, userId));
  return readUserSettings(row?.settings ?? {});
}

/**
 * What `PUT /api/v1/users/me` takes (SPEC §7 users, §3 User settings): the business name, the language and the
 * settings, each optional; settings not named keep their value.
 */
export const UserSettingsUpdateSchema = z
  .object({
    page_format: z.enum(PAGE_FORMAT_NAMES as [string, ...string[]]),
    // q10 to q100 (the settings screen offers IMAGE_QUALITY_CHOICES).
    image_quality: z.string().regex(/^q([1-9]\d|100)$/, 'A JPEG quality from q10 to q100'),
    store_front_access_token: z.string().trim().max(200).nullable(),
    ga4_tracking_id: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^G-[A-Z0-9]{4,16}$/, 'A GA4 measurement id looks like G-XXXXXXXXXX')
      .nullable()
      .or(z.literal('').transform(() => null)),
    synchronize_orders: z.boolean(),
  })
  .partial()
  .strict();

export const UserUpdateSchema = z
  .object({
    businessName: z.string().trim().max(200).nullable(),
    locale: z.enum(LANGUAGES),
    settings: UserSettingsUpdateSchema,
  })
  .partial()
  .strict();
export type UserUpdate = z.infer<typeof UserUpdateSchema>;

/**
 * Change the signed-in user's business name, language and settings. The stored settings are merged field by
 * field (a setting another screen keeps is never lost), and fields stored invalid before are read with their
 * defaults first.
 */
export async function updateUser(opts: {
  db: Db;
  userId: string;
  update: UserUpdate;
}): Promise<typeof users.$inferSelect> {
  const { db, userId, update } = opts;
  const [row] = await db.select({ settings: users.settings }).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('User not found.');
  const stored = (row.settings && typeof row.settings === 'object' ? row.settings : {}) as Record<
    string,
    unknown
  >;
  const settings = update.settings
    ? { ...stored, ...readUserSettings(stored).settings, ...update.settings }
    : undefined;
  const updated = await db
    .update(users)
    .set({
      ...(update.businessName !== undefined ? { businessName: update.businessName || null } : {}),
      ...(update.locale ? { locale: update.locale } : {}),
      ...(settings ? { settings } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  return updated[0]!;
}

/** Change some of a user's settings, keeping the others (merged into users.settings). */
export async function saveUserSettings(opts: {
  db: Db;
  userId: string;
  changes: Partial<UserSettings>;
}): Promise<void> {
  const shape = UserSettingsSchema.shape;
  const patch = Object.fromEntries(
    Object.entries(opts.changes).map(([field, value]) => [
      field,
      shape[field as keyof UserSettings].parse(value),
    ]),
  );
  await opts.db
    .update(users)
    .set({ settings: sql`${users.settings} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(users.id, opts.userId));
}
