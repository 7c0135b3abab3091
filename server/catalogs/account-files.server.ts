import { eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogPages, catalogs, listings, users } from '../../db/schema.ts';
import type { JobQueue } from '../jobs/index.ts';
import { cancelBillingForClosing } from '../billing/index.ts';
import type { Config } from '../platform/index.ts';
import { catalogFolders } from './catalogs.server.ts';

/** The storage folders of an account's own files: its uploads and the compressed copies made for it. */
export function accountFolders(userId: string): string[] {
  return [`images/${userId}/`, `img/${userId}/`];
}

/**
 * The account's files that another account's catalog or listing still shows (a catalog copied from one of its
 * template catalogs keeps the pictures): one scan of the documents that name its folders.
 */
async function filesShownElsewhere(db: Db, userId: string): Promise<string[]> {
  const folders = accountFolders(userId);
  const names = (text: ReturnType<typeof sql>) =>
    or(...folders.map((f) => sql`${text} like ${`%/files/${f}%`}`));
  const pageDocs = sql`${catalogPages.document}::text`;
  const catalogDocs = sql`${catalogs.document}::text`;
  const listingDocs = sql`${listings.document}::text`;
  const [pages, docs, products] = await Promise.all([
    db
      .select({ text: pageDocs })
      .from(catalogPages)
      .innerJoin(catalogs, eq(catalogs.id, catalogPages.catalogId))
      .where(sql`${ne(catalogs.ownerId, userId)} and (${names(pageDocs)})`),
    db
      .select({ text: catalogDocs })
      .from(catalogs)
      .where(sql`${ne(catalogs.ownerId, userId)} and (${names(catalogDocs)})`),
    db
      .select({ text: listingDocs })
      .from(listings)
      .where(sql`${ne(listings.ownerId, userId)} and (${names(listingDocs)})`),
  ]);
  const keys = new Set<string>();
  const pattern = new RegExp(`/files/((?:images|img)/${userId}/[A-Za-z0-9/_.@%-]+)`, 'g');
  for (const { text } of [...pages, ...docs, ...products])
    for (const m of String(text).matchAll(pattern)) keys.add(decodeURIComponent(m[1]!));
  return [...keys];
}

/**
 * Delete an account with everything it owns (its rows go by cascade), then its files in the background (the
 * purge-files job): its catalogs' PDFs and page pictures, its uploads and compressed pictures, except the ones
 * another account still shows.
 */
export async function deleteAccount(opts: { db: Db; jobs: JobQueue; userId: string }): Promise<void> {
  const { db, userId } = opts;
  const owned = await db.select({ id: catalogs.id }).from(catalogs).where(eq(catalogs.ownerId, userId));
  const keep = await filesShownElsewhere(db, userId);
  const gone = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  if (!gone.length) return;
  await opts.jobs.enqueue('purge-files', {
    prefixes: [...owned.flatMap((c) => catalogFolders(c.id)), ...accountFolders(userId)],
    keep,
  });
}

/**
 * SPEC §2.2 /auth/closeAccount: the merchant closes their own account. Its Stripe subscription is cancelled
 * first (nothing is deleted when that fails), then the account goes with every catalog, listing, file record
 * and session (by cascade) and its stored files in the background: it cannot sign in again.
 */
export async function closeAccount(opts: {
  db: Db;
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>;
  jobs: JobQueue;
  userId: string;
}): Promise<{ cancelledSubscriptions: string[] }> {
  const { cancelled } = await cancelBillingForClosing({
    db: opts.db,
    config: opts.config,
    userId: opts.userId,
  });
  await deleteAccount({ db: opts.db, jobs: opts.jobs, userId: opts.userId });
  return { cancelledSubscriptions: cancelled };
}
