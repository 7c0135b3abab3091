import { eq, sql } from 'drizzle-orm';
import { UserSettingsSchema, type UserSettings } from '../../core/model/index.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

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
