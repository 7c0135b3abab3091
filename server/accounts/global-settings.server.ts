import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { globalSettings } from '../../db/schema.ts';
import { parseWith } from '../platform/index.ts';

/*
 * The settings staff keep for the whole product (SPEC §3 Global setting: key and value; §7: access_token,
 * promotion). Only these keys are read or written through the API: the table also holds the seed's own rows.
 */

export const GLOBAL_SETTINGS = {
  /** A token the product's pages use with an outside service; staff only. */
  access_token: { schema: z.string().trim().max(2000), public: false },
  /** The promotion shown on the pricing pages, readable by anyone. */
  promotion: {
    schema: z
      .object({
        active: z.boolean().default(false),
        text: z.string().trim().max(300).default(''),
        coupon: z.string().trim().max(60).default(''),
      })
      .strict(),
    public: true,
  },
} as const;
export type GlobalSettingKey = keyof typeof GLOBAL_SETTINGS;
export const GLOBAL_SETTING_KEYS = Object.keys(GLOBAL_SETTINGS) as GlobalSettingKey[];

export async function getGlobalSetting(opts: { db: Db; key: GlobalSettingKey }): Promise<unknown> {
  const [row] = await opts.db.select().from(globalSettings).where(eq(globalSettings.key, opts.key));
  const parsed = GLOBAL_SETTINGS[opts.key].schema.safeParse(row?.value);
  if (parsed.success) return parsed.data;
  // Nothing set yet (or a value from an older shape): the empty value of the key.
  return opts.key === 'promotion' ? GLOBAL_SETTINGS.promotion.schema.parse({}) : '';
}

/** Set one setting; the value must fit its key (400 naming the field otherwise, through parseWith). */
export async function setGlobalSetting(opts: { db: Db; key: GlobalSettingKey; value: unknown }) {
  const value: unknown = parseWith(GLOBAL_SETTINGS[opts.key].schema, opts.value);
  await opts.db
    .insert(globalSettings)
    .values({ key: opts.key, value })
    .onConflictDoUpdate({ target: globalSettings.key, set: { value, updatedAt: new Date() } });
  return value;
}
