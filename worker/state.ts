import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { isUuid } from '../db/owned.ts';
import { jobs } from '../db/schema.ts';

/** The jobs table mirrors every job, whichever runner executes it, so the API reads one place. */
export type JobRow = typeof jobs.$inferSelect;
export type JobState = 'pending' | 'active' | 'complete' | 'failed';

export type JobView = {
  id: string;
  name: string;
  ownerId: string | null;
  state: JobState;
  progress: { done: number; total: number };
  result: unknown;
  error: string | null;
  attempts: number;
  maxAttempts: number;
  createdAt: Date;
  updatedAt: Date;
};

export function viewJob(row: JobRow): JobView {
  return {
    id: row.id,
    name: row.name,
    ownerId: row.ownerId,
    state: row.state as JobState,
    progress: { done: row.progressDone, total: row.progressTotal },
    result: row.result ?? null,
    error: row.error,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function insertJobRow(opts: {
  db: Db;
  name: string;
  payload: unknown;
  ownerId?: string | null;
  dedupeKey?: string | null;
  maxAttempts: number;
  runAt?: Date;
}): Promise<{ row: JobRow; created: boolean }> {
  if (opts.dedupeKey) {
    const [existing] = await opts.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.dedupeKey, opts.dedupeKey), inArray(jobs.state, ['pending', 'active'])))
      .limit(1);
    if (existing) return { row: existing, created: false };
  }
  const [row] = await opts.db
    .insert(jobs)
    .values({
      name: opts.name,
      payload: opts.payload as object,
      ownerId: opts.ownerId ?? null,
      dedupeKey: opts.dedupeKey ?? null,
      maxAttempts: opts.maxAttempts,
      runAt: opts.runAt ?? new Date(),
    })
    .returning();
  return { row: row!, created: true };
}

/** A job by id; with ownerId, only that owner's (another owner's job is simply not found). */
export async function findJob(opts: { db: Db; jobId: string; ownerId?: string }): Promise<JobView | null> {
  if (!isUuid(opts.jobId)) return null;
  const where =
    opts.ownerId === undefined
      ? eq(jobs.id, opts.jobId)
      : and(eq(jobs.id, opts.jobId), eq(jobs.ownerId, opts.ownerId));
  const [row] = await opts.db.select().from(jobs).where(where).limit(1);
  return row ? viewJob(row) : null;
}

/**
 * Updates that name the runner holding the job (lockedBy) only apply while it still holds it: a runner whose
 * lease expired and was taken over by another must not overwrite the newer attempt's state.
 */
function held(jobId: string, lockedBy: string | null) {
  return lockedBy === null
    ? eq(jobs.id, jobId)
    : and(eq(jobs.id, jobId), eq(jobs.lockedBy, lockedBy), eq(jobs.state, 'active'));
}

export async function markActive(opts: {
  db: Db;
  jobId: string;
  attempt: number;
  lockedBy: string;
}): Promise<void> {
  await opts.db
    .update(jobs)
    .set({
      state: 'active',
      attempts: opts.attempt,
      lockedBy: opts.lockedBy,
      lockedUntil: null,
      updatedAt: new Date(),
    })
    .where(eq(jobs.id, opts.jobId));
}

export async function markProgress(opts: {
  db: Db;
  jobId: string;
  lockedBy: string | null;
  done: number;
  total: number;
}): Promise<void> {
  await opts.db
    .update(jobs)
    .set({ progressDone: opts.done, progressTotal: opts.total, updatedAt: new Date() })
    .where(held(opts.jobId, opts.lockedBy));
}

export async function markComplete(opts: {
  db: Db;
  jobId: string;
  lockedBy: string | null;
  result: unknown;
}): Promise<boolean> {
  const rows = await opts.db
    .update(jobs)
    .set({
      state: 'complete',
      result: (opts.result ?? null) as object,
      error: null,
      lockedBy: null,
      lockedUntil: null,
      updatedAt: new Date(),
    })
    .where(held(opts.jobId, opts.lockedBy))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** After a failed attempt: back to pending (retried at runAt) while attempts remain, else failed. */
export async function markAttemptFailed(opts: {
  db: Db;
  jobId: string;
  lockedBy: string | null;
  error: string;
  retryAt: Date | null;
}): Promise<void> {
  await opts.db
    .update(jobs)
    .set(
      opts.retryAt
        ? { state: 'pending', error: opts.error, runAt: opts.retryAt, lockedBy: null, lockedUntil: null }
        : { state: 'failed', error: opts.error, lockedBy: null, lockedUntil: null, updatedAt: new Date() },
    )
    .where(held(opts.jobId, opts.lockedBy));
}

/** Extend the lease of a job this runner holds; false when it no longer holds it. */
export async function extendLease(opts: {
  db: Db;
  jobId: string;
  lockedBy: string;
  leaseMs: number;
}): Promise<boolean> {
  const rows = await opts.db
    .update(jobs)
    .set({ lockedUntil: sql`now() + (${opts.leaseMs} * interval '1 millisecond')` })
    .where(held(opts.jobId, opts.lockedBy))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Claim the next runnable job: a pending one whose time has come, or an active one whose runner's lease ran
 * out (its process died). FOR UPDATE SKIP LOCKED lets any number of runners share the table.
 */
export async function claimJob(opts: {
  db: Db;
  names: string[];
  lockedBy: string;
  leaseMs: number;
}): Promise<JobRow | null> {
  if (opts.names.length === 0) return null;
  const names = sql.join(
    opts.names.map((n) => sql`${n}`),
    sql`, `,
  );
  const result = await opts.db.execute(sql`
    update jobs set
      state = 'active',
      attempts = attempts + 1,
      locked_by = ${opts.lockedBy},
      locked_until = now() + (${opts.leaseMs} * interval '1 millisecond'),
      updated_at = now()
    where id = (
      select id from jobs
      where name in (${names})
        and ((state = 'pending' and run_at <= now()) or (state = 'active' and locked_until < now()))
      order by run_at, created_at
      limit 1
      for update skip locked
    )
    returning id`);
  const id = (rowsOf(result)[0] as { id?: string } | undefined)?.id;
  if (!id) return null;
  const [row] = await opts.db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}

/** Rows of a raw query on either driver (node-postgres and PGlite both answer { rows }). */
function rowsOf(result: unknown): unknown[] {
  return ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) || [];
}

/** Jobs a stopping runner still held go back to pending so another runner starts them at once. */
export async function releaseJobs(opts: { db: Db; lockedBy: string }): Promise<void> {
  await opts.db
    .update(jobs)
    .set({
      state: 'pending',
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(and(eq(jobs.lockedBy, opts.lockedBy), eq(jobs.state, 'active')));
}

/** Finished jobs are kept this long (the API answers their state), then removed. */
export const FINISHED_JOB_RETENTION_DAYS = 14;

/** Remove complete and failed jobs older than the retention; answers how many went. */
export async function pruneJobs(opts: { db: Db; olderThan?: Date }): Promise<number> {
  const before = opts.olderThan ?? new Date(Date.now() - FINISHED_JOB_RETENTION_DAYS * 86_400_000);
  const gone = await opts.db
    .delete(jobs)
    .where(and(inArray(jobs.state, ['complete', 'failed']), lt(jobs.updatedAt, before)))
    .returning({ id: jobs.id });
  return gone.length;
}
