import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/owned.ts';
import { jobs } from '../../db/schema.ts';

/** The jobs table mirrors every job, whichever runner executes it, so the API reads one place. */
export type JobRow = typeof jobs.$inferSelect;
/** waiting: the job's children run; it runs again once they are all complete. */
export type JobState = 'pending' | 'active' | 'waiting' | 'complete' | 'failed';

export type JobView = {
  id: string;
  name: string;
  /** The job this one is a part of. */
  parentId: string | null;
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
    parentId: row.parentId,
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

/** The partial unique index jobs_dedupe_pending_key: the one joinable job of a name and key. */
const JOINABLE = sql`state = 'pending' and started_at is null`;

/**
 * Record a job. With a dedupe key, a job of the same name and key that is pending and never started is answered
 * instead: it has not read its inputs yet, so it will see everything the caller saved before asking. A job that
 * already started (running, or waiting for a retry) may have read older inputs, so a new request queues a fresh
 * job, which later requests join; with `joinRunning` (see JobDefinition) a started job is answered too. The
 * unique index makes concurrent requests agree on one job.
 */
export async function insertJobRow(opts: {
  db: Db;
  name: string;
  payload: unknown;
  ownerId?: string | null;
  dedupeKey?: string | null;
  joinRunning?: boolean;
  maxAttempts: number;
  runAt?: Date;
}): Promise<{ row: JobRow; created: boolean }> {
  const values = {
    name: opts.name,
    payload: opts.payload as object,
    ownerId: opts.ownerId ?? null,
    dedupeKey: opts.dedupeKey ?? null,
    maxAttempts: opts.maxAttempts,
    runAt: opts.runAt ?? new Date(),
  };
  if (!opts.dedupeKey) {
    const [row] = await opts.db.insert(jobs).values(values).returning();
    return { row: row!, created: true };
  }
  // The joinable job may start between the insert and the read: then the next insert succeeds.
  for (let i = 0; i < 5; i++) {
    if (opts.joinRunning) {
      const [open] = await opts.db
        .select()
        .from(jobs)
        .where(
          and(
            eq(jobs.name, opts.name),
            eq(jobs.dedupeKey, opts.dedupeKey),
            inArray(jobs.state, ['pending', 'active']),
          ),
        )
        .orderBy(jobs.createdAt)
        .limit(1);
      if (open) return { row: open, created: false };
    }
    const [row] = await opts.db
      .insert(jobs)
      .values(values)
      .onConflictDoNothing({ target: [jobs.name, jobs.dedupeKey], where: JOINABLE })
      .returning();
    if (row) return { row, created: true };
    const [existing] = await opts.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, opts.name), eq(jobs.dedupeKey, opts.dedupeKey), JOINABLE))
      .limit(1);
    if (existing) return { row: existing, created: false };
  }
  throw new Error(`Could not queue ${opts.name}: its pending job kept changing`);
}

/**
 * A job by id; with ownerId, only that owner's (another owner's job is simply not found). A job waiting for its
 * children reports their progress added up, out of the total it set (a split export: pages printed over all
 * parts).
 */
export async function findJob(opts: { db: Db; jobId: string; ownerId?: string }): Promise<JobView | null> {
  if (!isUuid(opts.jobId)) return null;
  const where =
    opts.ownerId === undefined
      ? eq(jobs.id, opts.jobId)
      : and(eq(jobs.id, opts.jobId), eq(jobs.ownerId, opts.ownerId));
  const [row] = await opts.db.select().from(jobs).where(where).limit(1);
  if (!row) return null;
  const view = viewJob(row);
  if (row.state === 'waiting') {
    const [sum] = await opts.db
      .select({
        done: sql<number>`coalesce(sum(${jobs.progressDone}), 0)::int`,
        total: sql<number>`coalesce(sum(${jobs.progressTotal}), 0)::int`,
      })
      .from(jobs)
      .where(eq(jobs.parentId, row.id));
    // The total the job set before it queued them (parts not started yet count), else theirs.
    const total = Math.max(row.progressTotal, Number(sum?.total ?? 0));
    if (total > 0) view.progress = { done: Number(sum?.done ?? 0), total };
  }
  return view;
}

/** The children of a job, in the order they were queued. */
export async function listChildren(opts: { db: Db; parentId: string }): Promise<JobView[]> {
  const rows = await opts.db
    .select()
    .from(jobs)
    .where(eq(jobs.parentId, opts.parentId))
    .orderBy(jobs.createdAt, sql`(${jobs.payload}->>'index')::int`);
  return rows.map(viewJob);
}

/**
 * Record a job's children (pending, due now; they carry its owner) and make the job wait for them, in one
 * transaction: no child can complete before its parent waits (it would find nothing to resume). The run that
 * queued them does not count as an attempt, and no runner holds the waiting job (its runner may stop meanwhile).
 * Answers the children's rows in order; throws when `lockedBy` no longer holds the job.
 */
export async function spawnChildJobs(opts: {
  db: Db;
  parent: Pick<JobRow, 'id' | 'ownerId'>;
  lockedBy: string | null;
  children: { name: string; payload: unknown; maxAttempts: number }[];
}): Promise<JobRow[]> {
  return opts.db.transaction(async (tx) => {
    const waiting = await tx
      .update(jobs)
      .set({
        state: 'waiting',
        attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
        lockedBy: null,
        lockedUntil: null,
        updatedAt: new Date(),
      })
      .where(held(opts.parent.id, opts.lockedBy))
      .returning({ id: jobs.id });
    if (!waiting.length) throw new Error('The job was taken over by another runner.');
    if (!opts.children.length) return [];
    return tx
      .insert(jobs)
      .values(
        opts.children.map((c) => ({
          name: c.name,
          payload: c.payload as object,
          ownerId: opts.parent.ownerId,
          parentId: opts.parent.id,
          maxAttempts: c.maxAttempts,
        })),
      )
      .returning();
  });
}

/**
 * After a child completed: its parent is due again once none of its children is unfinished. Each child checks
 * after its own completion is written, so the last one to finish always sees the others done.
 */
export async function resumeParent(opts: { db: Db; parentId: string }): Promise<boolean> {
  const rows = await opts.db
    .update(jobs)
    .set({ state: 'pending', runAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(jobs.id, opts.parentId),
        eq(jobs.state, 'waiting'),
        sql`not exists (select 1 from jobs c where c.parent_id = ${opts.parentId} and c.state <> 'complete')`,
      ),
    )
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** A child failed for good: its waiting parent fails with it. Answers the parent when it was waiting. */
export async function failParent(opts: { db: Db; parentId: string; error: string }): Promise<JobRow | null> {
  const [row] = await opts.db
    .update(jobs)
    .set({ state: 'failed', error: opts.error, updatedAt: new Date() })
    .where(and(eq(jobs.id, opts.parentId), eq(jobs.state, 'waiting')))
    .returning();
  return row ?? null;
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

/**
 * Lock key of a dedupe key: activations of jobs sharing one take it in turn, so two of them never both see the
 * other as not running.
 */
const keyLock = (name: string, dedupeKey: string) =>
  sql`select pg_advisory_xact_lock(hashtextextended(${`${name}:${dedupeKey}`}, 0))`;

/** Another job of the same name and key runs (its runner's lease is alive, or its children run). */
const sameKeyRunning = (id: string, name: string, dedupeKey: string) => sql`exists (
  select 1 from jobs o
  where o.name = ${name} and o.dedupe_key = ${dedupeKey} and o.id <> ${id}
    and ((o.state = 'active' and o.locked_until >= now()) or o.state = 'waiting'))`;

/**
 * Start an attempt of a job another scheduler handed over (BullMQ). Jobs with the same dedupe key run one at a
 * time (a render started after an edit must not finish before one started earlier and be overwritten by its
 * stale file): while another runs, nothing is written and 'busy' is answered, for the caller to try later.
 */
export async function markActive(opts: {
  db: Db;
  jobId: string;
  attempt: number;
  lockedBy: string;
  leaseMs: number;
}): Promise<'active' | 'busy'> {
  return opts.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ name: jobs.name, dedupeKey: jobs.dedupeKey })
      .from(jobs)
      .where(eq(jobs.id, opts.jobId));
    if (row?.dedupeKey) {
      await tx.execute(keyLock(row.name, row.dedupeKey));
      const busy = await tx.execute(
        sql`select ${sameKeyRunning(opts.jobId, row.name, row.dedupeKey)} as busy`,
      );
      if ((rowsOf(busy)[0] as { busy?: boolean } | undefined)?.busy) return 'busy';
    }
    await tx
      .update(jobs)
      .set({
        state: 'active',
        attempts: opts.attempt,
        lockedBy: opts.lockedBy,
        lockedUntil: sql`now() + (${opts.leaseMs} * interval '1 millisecond')`,
        startedAt: sql`coalesce(${jobs.startedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(jobs.id, opts.jobId));
    return 'active';
  });
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
 * out (its process died). FOR UPDATE SKIP LOCKED lets any number of runners share the table. A job whose dedupe
 * key another running job has waits (see markActive); the key's lock closes the race of two runners claiming
 * two such jobs at once.
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
  const id = await opts.db.transaction(async (tx) => {
    const found = await tx.execute(sql`
      select j.id, j.name, j.dedupe_key from jobs j
      where j.name in (${names})
        and ((j.state = 'pending' and j.run_at <= now()) or (j.state = 'active' and j.locked_until < now()))
        and (j.dedupe_key is null or not exists (
          select 1 from jobs o
          where o.name = j.name and o.dedupe_key = j.dedupe_key and o.id <> j.id
            and ((o.state = 'active' and o.locked_until >= now()) or o.state = 'waiting')))
      order by j.run_at, j.created_at
      limit 1
      for update of j skip locked`);
    const job = rowsOf(found)[0] as { id: string; name: string; dedupe_key: string | null } | undefined;
    if (!job) return null;
    if (job.dedupe_key) {
      await tx.execute(keyLock(job.name, job.dedupe_key));
      const busy = await tx.execute(sql`select ${sameKeyRunning(job.id, job.name, job.dedupe_key)} as busy`);
      // Another runner started one meanwhile: this one is looked at again on the next claim.
      if ((rowsOf(busy)[0] as { busy?: boolean } | undefined)?.busy) return null;
    }
    await tx.execute(sql`
      update jobs set
        state = 'active',
        attempts = attempts + 1,
        locked_by = ${opts.lockedBy},
        locked_until = now() + (${opts.leaseMs} * interval '1 millisecond'),
        started_at = coalesce(started_at, now()),
        updated_at = now()
      where id = ${job.id}`);
    return job.id;
  });
  if (!id) return null;
  const [row] = await opts.db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}

/** Rows of a raw query on either driver (node-postgres and PGlite both answer { rows }). */
function rowsOf(result: unknown): unknown[] {
  return ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) || [];
}

/**
 * An attempt stopped by a worker shutdown did not fail: the job goes back to pending, due now, without using up
 * an attempt, so another runner (or this one after a restart) runs it again.
 */
export async function releaseJob(opts: { db: Db; jobId: string; lockedBy: string }): Promise<void> {
  await release(opts.db, held(opts.jobId, opts.lockedBy));
}

/** Jobs a stopping runner still held go back to pending so another runner starts them at once. */
export async function releaseJobs(opts: { db: Db; lockedBy: string }): Promise<void> {
  await release(opts.db, and(eq(jobs.lockedBy, opts.lockedBy), eq(jobs.state, 'active')));
}

/** The rows `where` picks go back to pending, due now, the attempt that ran given back. */
function release(db: Db, where: SQL | undefined) {
  return db
    .update(jobs)
    .set({
      state: 'pending',
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      runAt: new Date(),
      lockedBy: null,
      lockedUntil: null,
      updatedAt: new Date(),
    })
    .where(where);
}

/**
 * A job its scheduler failed without running our handler to the end (BullMQ: stalled too many times, no
 * handler): the row, still pending or active, says failed, so the API stops reporting it pending.
 */
export async function markFailedIfUnfinished(opts: {
  db: Db;
  jobId: string;
  error: string;
}): Promise<boolean> {
  if (!isUuid(opts.jobId)) return false;
  const rows = await opts.db
    .update(jobs)
    .set({ state: 'failed', error: opts.error, lockedBy: null, lockedUntil: null, updatedAt: new Date() })
    .where(and(eq(jobs.id, opts.jobId), inArray(jobs.state, ['pending', 'active', 'waiting'])))
    .returning({ id: jobs.id });
  return rows.length > 0;
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
