import type { JobContext, JobDefinition, WorkerDeps } from './define.ts';
import { PermanentJobError } from './define.ts';
import {
  failParent,
  findJob,
  listChildren,
  markAttemptFailed,
  markComplete,
  markProgress,
  releaseJob,
  resumeParent,
  retryDelayMs,
} from '../server/jobs/index.ts';

/** Progress is written at most this often (the final value always). The UI polls every 500 ms. */
const PROGRESS_EVERY_MS = 200;

export type AttemptOutcome =
  | { ok: true; result: unknown }
  | { ok: false; error: Error; willRetry: boolean; retryAt: Date | null; released: false }
  /** Not counted: stopped by a worker shutdown (due now), or waiting for the children it queued (`waiting`). */
  | { ok: false; error: Error; released: true; waiting?: boolean };

/**
 * A job's children, as the runner records and queues them (the jobs table; BullMQ flows with Redis), the job
 * made to wait for them (spawnChildJobs).
 */
export type SpawnChildren = (children: { def: JobDefinition; payload: unknown }[]) => Promise<void>;

/** How a run that queued children ends (thrown by ctx.waitForChildren, never by a handler itself). */
class WaitingForChildren extends Error {}

export class JobTimeoutError extends Error {}

/**
 * The reason a runner aborts its running jobs at shutdown. Such an attempt did not fail (the job did nothing
 * wrong): it is released, not counted, so a shutdown during the last attempt cannot fail the job for good.
 */
export class WorkerStoppingError extends Error {
  constructor(message = 'The worker is stopping.') {
    super(message);
  }
}

/**
 * Run one attempt of a job with the same rules for every runner: the payload is re-validated, progress is
 * mirrored, the attempt is aborted after the definition's timeout or when `signal` fires, and the outcome is
 * written to the jobs table (complete, pending for a retry, or failed). `lockedBy` guards the writes so a
 * runner that lost the job cannot overwrite the newer attempt.
 */
export async function executeAttempt(opts: {
  deps: WorkerDeps;
  def: JobDefinition;
  jobId: string;
  payload: unknown;
  attempt: number;
  maxAttempts: number;
  lockedBy: string | null;
  signal?: AbortSignal;
  /** The job this one is a part of: resumed once its children are all complete, failed with one that fails. */
  parentId?: string | null;
  /** Every definition by name (children's specs, a parent's onFailed). */
  definitions?: ReadonlyMap<string, JobDefinition>;
  spawnChildren?: SpawnChildren;
}): Promise<AttemptOutcome> {
  const { deps, def, jobId, attempt } = opts;
  const logger = deps.logger.child({ job: def.name, jobId, attempt });
  const controller = new AbortController();
  const abort = (reason: Error) => {
    if (!controller.signal.aborted) controller.abort(reason);
  };
  const timer = setTimeout(
    () => abort(new JobTimeoutError(`${def.name} timed out after ${def.timeoutMs} ms`)),
    def.timeoutMs,
  );
  const onOuterAbort = () => {
    const reason = opts.signal?.reason;
    abort(reason instanceof Error ? reason : new WorkerStoppingError());
  };
  opts.signal?.addEventListener('abort', onOuterAbort);

  let lastWrite = 0;
  let pending: { done: number; total: number } | null = null;
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    if (!pending) return writing;
    const p = pending;
    pending = null;
    lastWrite = Date.now();
    writing = writing
      .then(() => markProgress({ db: deps.db, jobId, lockedBy: opts.lockedBy, ...p }))
      .catch((err) => logger.warn({ err }, 'progress not recorded'));
    return writing;
  };
  const ctx: JobContext = {
    jobId,
    attempt,
    logger,
    deps,
    signal: controller.signal,
    progress: (done, total) => {
      pending = { done: Math.max(0, Math.round(done)), total: Math.max(0, Math.round(total)) };
      if (Date.now() - lastWrite >= PROGRESS_EVERY_MS || done >= total) void flush();
    },
    children: () => listChildren({ db: deps.db, parentId: jobId }),
    waitForChildren: async (children) => {
      if (!opts.spawnChildren) throw new PermanentJobError('This runner cannot queue children.');
      const specs = children.map((c) => {
        const child = opts.definitions?.get(c.name);
        if (!child) throw new PermanentJobError(`Unknown job ${c.name}`);
        return { def: child, payload: child.payload.parse(c.payload) };
      });
      // The progress the job set (its whole amount of work) is written while it still holds its row.
      await flush();
      await opts.spawnChildren(specs);
      throw new WaitingForChildren();
    },
  };

  try {
    const parsed = def.payload.safeParse(opts.payload);
    if (!parsed.success) throw new PermanentJobError(`Invalid payload: ${parsed.error.message}`);
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), {
        once: true,
      });
    });
    const result = await Promise.race([def.run(parsed.data, ctx), aborted]);
    await flush();
    const completed = await markComplete({ db: deps.db, jobId, lockedBy: opts.lockedBy, result });
    if (completed && opts.parentId && (await resumeParent({ db: deps.db, parentId: opts.parentId })))
      logger.info({ parentId: opts.parentId }, 'last part complete; its job runs again');
    logger.info('job complete');
    return { ok: true, result };
  } catch (raw) {
    const error = raw instanceof Error ? raw : new Error(String(raw));
    await flush();
    if (error instanceof WaitingForChildren) {
      logger.info('job waits for its parts');
      return { ok: false, error, released: true, waiting: true };
    }
    // Whatever the handler threw once aborted, the abort's reason says why the attempt ended.
    if (controller.signal.reason instanceof WorkerStoppingError && opts.lockedBy !== null) {
      await releaseJob({ db: deps.db, jobId, lockedBy: opts.lockedBy });
      logger.info('job released at shutdown; it will run again');
      return { ok: false, error, released: true };
    }
    const willRetry = !(error instanceof PermanentJobError) && attempt < opts.maxAttempts;
    const retryAt = willRetry ? new Date(Date.now() + retryDelayMs(def, attempt)) : null;
    // What the product records of a final failure is written before the job reads as failed, so whoever sees
    // the failure (a poll of GET /api/v1/jobs) also finds its record.
    if (!willRetry && def.onFailed) {
      const parsed = def.payload.safeParse(opts.payload);
      if (parsed.success)
        await def.onFailed(parsed.data, ctx, error).catch((err) => logger.warn({ err }, 'onFailed failed'));
    }
    await markAttemptFailed({ db: deps.db, jobId, lockedBy: opts.lockedBy, error: error.message, retryAt });
    logger[willRetry ? 'warn' : 'error']({ err: error, willRetry }, 'job attempt failed');
    if (!willRetry && opts.parentId) await failWithParent(opts, ctx, error);
    return { ok: false, error, willRetry, retryAt, released: false };
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
    if (!controller.signal.aborted) controller.abort(new Error('attempt finished'));
  }
}

/** A part failed for good: its job fails too, recording what its own last failure would (its onFailed). */
async function failWithParent(
  opts: Parameters<typeof executeAttempt>[0],
  childCtx: JobContext,
  error: Error,
): Promise<void> {
  const parent = await failParent({
    db: opts.deps.db,
    parentId: opts.parentId!,
    error: `A part failed: ${error.message}`,
  });
  if (!parent) return;
  childCtx.logger.error({ parentId: parent.id }, 'a part failed for good; its job failed');
  const def = opts.definitions?.get(parent.name);
  const parsed = def?.payload.safeParse(parent.payload);
  if (!def?.onFailed || !parsed?.success) return;
  const view = await findJob({ db: opts.deps.db, jobId: parent.id });
  await def
    .onFailed(
      parsed.data,
      {
        ...childCtx,
        jobId: parent.id,
        attempt: view?.attempts ?? 1,
        logger: childCtx.logger.child({ parentId: parent.id }),
      },
      new Error(`A part failed: ${error.message}`),
    )
    .catch((err) => childCtx.logger.warn({ err }, 'onFailed failed'));
}
