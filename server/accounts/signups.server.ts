import { and, count, eq, ilike, notExists, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { listOrder } from '../../db/list-sort.ts';
import { containsPattern } from '../../db/owned.ts';
import { leads, users, waitingList } from '../../db/schema.ts';
import { normalizeEmail } from './auth.server.ts';

/*
 * People who left their address before having an account (SPEC §7): the waiting list of a store platform not yet
 * connected (POST api/v1/waitingusers: email, platform) and the leads of marketing pages (POST api/v2/users/leads:
 * email, segment_id). Leaving it twice keeps one row. Staff read them (GET waitingusers, unregisteredusers: page,
 * limit, filter → data, total, count) and download the leads that never registered as CSV.
 */

const Email = z
  .string()
  .trim()
  .max(254)
  .email('Please enter a valid email address')
  .transform((e) => normalizeEmail(e));

export const WaitingUserInput = z.object({
  email: Email,
  /** The store platform they wait for (a name such as 'wix'); empty when they did not say. */
  platform: z
    .string()
    .trim()
    .max(60)
    .regex(/^[\w .-]*$/, 'Letters, digits, spaces, dots and dashes only')
    .default('')
    .transform((p) => p.toLowerCase()),
});
export const LeadInput = z.object({
  email: Email,
  /** The marketing segment the page that asked belongs to. */
  segment_id: z
    .union([z.string().trim().max(100), z.number().int().nonnegative()])
    .default('')
    .transform((s) => String(s)),
});

export async function joinWaitingList(opts: { db: Db; input: z.output<typeof WaitingUserInput> }) {
  const [row] = await opts.db
    .insert(waitingList)
    .values({ email: opts.input.email, platform: opts.input.platform })
    .onConflictDoUpdate({
      target: [waitingList.email, waitingList.platform],
      set: { email: sql`excluded.email` },
    })
    .returning();
  return {
    _id: row!.id,
    email: row!.email,
    platform: row!.platform,
    created_at: row!.createdAt.toISOString(),
  };
}

export async function addLead(opts: { db: Db; input: z.output<typeof LeadInput> }) {
  const [row] = await opts.db
    .insert(leads)
    .values({ email: opts.input.email, segmentId: opts.input.segment_id })
    .onConflictDoUpdate({ target: [leads.email, leads.segmentId], set: { email: sql`excluded.email` } })
    .returning();
  return {
    _id: row!.id,
    email: row!.email,
    segment_id: row!.segmentId,
    created_at: row!.createdAt.toISOString(),
  };
}

export type ListQuery = { page: number; limit: number; filter?: string; sort?: string };

export const WAITING_SORTS = {
  email: waitingList.email,
  platform: waitingList.platform,
  created_at: waitingList.createdAt,
};

/** The waiting list (staff), newest first; `registered` says whether the address has an account by now. */
export async function listWaitingUsers(opts: { db: Db } & ListQuery) {
  const where = opts.filter
    ? or(
        ilike(waitingList.email, containsPattern(opts.filter)),
        ilike(waitingList.platform, containsPattern(opts.filter)),
      )
    : undefined;
  const [{ total }] = (await opts.db.select({ total: count() }).from(waitingList).where(where)) as [
    { total: number },
  ];
  const rows = await opts.db
    .select({ row: waitingList, userId: users.id })
    .from(waitingList)
    .leftJoin(users, eq(users.email, waitingList.email))
    .where(where)
    .orderBy(...listOrder(opts.sort, WAITING_SORTS, '-created_at'), waitingList.id)
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const data = rows.map(({ row, userId }) => ({
    _id: row.id,
    email: row.email,
    platform: row.platform,
    created_at: row.createdAt.toISOString(),
    registered: userId !== null,
  }));
  return { data, total: Number(total), count: data.length };
}

export const UNREGISTERED_SORTS = {
  email: leads.email,
  segment_id: leads.segmentId,
  created_at: leads.createdAt,
};

const unregistered = (filter?: string) =>
  and(
    notExists(sql`(select 1 from ${users} where ${users.email} = ${leads.email})`),
    filter
      ? or(ilike(leads.email, containsPattern(filter)), ilike(leads.segmentId, containsPattern(filter)))
      : undefined,
  );

/** Leads whose address has no account (SPEC §2.1 /admin/unregistereduser), newest first. */
export async function listUnregisteredUsers(opts: { db: Db } & ListQuery) {
  const where = unregistered(opts.filter);
  const [{ total }] = (await opts.db.select({ total: count() }).from(leads).where(where)) as [
    { total: number },
  ];
  const rows = await opts.db
    .select()
    .from(leads)
    .where(where)
    .orderBy(...listOrder(opts.sort, UNREGISTERED_SORTS, '-created_at'), leads.id)
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const data = rows.map((r) => ({
    _id: r.id,
    email: r.email,
    segment_id: r.segmentId,
    created_at: r.createdAt.toISOString(),
  }));
  return { data, total: Number(total), count: data.length };
}

/** Every lead without an account, oldest first, as CSV rows (GET api/v1/download-unregistered-users). */
export async function unregisteredUserRows(opts: { db: Db }): Promise<string[][]> {
  const rows = await opts.db.select().from(leads).where(unregistered()).orderBy(leads.createdAt, leads.id);
  return rows.map((r) => [r.email, r.segmentId, r.createdAt.toISOString()]);
}
