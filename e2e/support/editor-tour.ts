import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/**
 * Marks the first-visit tour as seen for `email`, as finishing it would: tests about other parts of the editor
 * start with the editor itself, not the tour's dialog (e2e/editor-assist.test.ts covers the tour).
 */
export async function skipEditorTour(db: Db, email: string) {
  await db
    .update(users)
    .set({ flags: sql`${users.flags} || '{"tourDone": true}'::jsonb` })
    .where(eq(users.email, email));
}
