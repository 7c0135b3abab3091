import { eq, sql } from 'drizzle-orm';
import { ratingAnswer, type AssistFlags } from '../../core/rules/index.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** The user's answers to the editor's prompts, merged into users.flags (other flags there are kept). */
export async function recordEditorFlags(opts: {
  db: Db;
  userId: string;
  tourDone?: boolean;
  rating?: number | 'later';
  now?: Date;
}): Promise<AssistFlags> {
  const patch: AssistFlags = {};
  if (opts.tourDone) patch.tourDone = true;
  if (opts.rating) Object.assign(patch, ratingAnswer(opts.rating, opts.now ?? new Date()));
  const [row] = await opts.db
    .update(users)
    .set({ flags: sql`${users.flags} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(users.id, opts.userId))
    .returning({ flags: users.flags });
  const flags = (row?.flags ?? {}) as Record<string, unknown>;
  return {
    tourDone: flags.tourDone === true,
    rated: flags.rated === true,
    stars: typeof flags.stars === 'number' ? flags.stars : undefined,
    ratingPostponedUntil:
      typeof flags.ratingPostponedUntil === 'string' ? flags.ratingPostponedUntil : undefined,
  };
}
