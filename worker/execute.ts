import type { JobContext, JobDefinition, WorkerDeps } from './define.ts';
import { PermanentJobError } from './define.ts';
import {
  markAttemptFailed,
  markComplete,
  markProgress,
  releaseJob,
  retryDelayMs,
} from '../server/jobs/index.ts';

/** Progress is written at most this often (the final value always). The UI polls every 500 ms. */
const PROGRESS_EVERY_MS = 200;

export type AttemptOutcome =
  | { ok: true; result: unknown }
  | { ok: false; error: Error; willRetry: boolean; retryAt: Date | null; released: false }
  /** Stopped by a worker shutdown: the job went back to pending without using up the attempt. */
  | { ok: false; error: Error; released: true };

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
    await markComplete({ db: deps.db, jobId, lockedBy: opts.lockedBy, result });
    logger.info('job complete');
    return { ok: true, result };
  } catch (raw) {
    const error = raw instanceof Error ? raw : new Error(String(raw));
    await flush();
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
    return { ok: false, error, willRetry, retryAt, released: false };
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
    if (!controller.signal.aborted) controller.abort(new Error('attempt finished'));
  }
}
