import { useCallback, useEffect, useRef, useState } from 'react';
import { POLLING_MS } from '../../core/constants.ts';
import type { JobStatus } from '../../server/catalogs/index.ts';

export type WatchedJob =
  | { kind: 'idle' }
  | { kind: 'running'; jobId: string; done: number; total: number }
  | { kind: 'complete'; status: JobStatus }
  | { kind: 'failed'; message?: string };

/**
 * Follow a background job (SPEC §4/§9: polled every 0.5 s; a network error is retried silently). `watch`
 * starts following a job id, `stop` stops following it (the job itself goes on).
 */
export function useJob(initialTotal = 0) {
  const [job, setJob] = useState<WatchedJob>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stop = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setJob({ kind: 'idle' });
  }, []);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const watch = useCallback(
    (jobId: string) => {
      if (timer.current) clearTimeout(timer.current);
      setJob({ kind: 'running', jobId, done: 0, total: initialTotal });
      const tick = async () => {
        try {
          const res = await fetch(`/api/v1/jobs?jobId=${encodeURIComponent(jobId)}`, {
            headers: { Accept: 'application/json' },
          });
          if (res.ok) {
            const status = (await res.json()) as JobStatus;
            if (status.job_state === 'complete' || status.job_state === 'failed') {
              timer.current = null;
              setJob(
                status.job_state === 'complete'
                  ? { kind: 'complete', status }
                  : { kind: 'failed', message: status.message },
              );
              return;
            }
            setJob({ kind: 'running', jobId, done: status.progress.done, total: status.progress.total });
          } else if (res.status === 404) {
            timer.current = null;
            setJob({ kind: 'failed' });
            return;
          }
        } catch {
          // Network error: try again at the next tick.
        }
        timer.current = setTimeout(tick, POLLING_MS.job);
      };
      timer.current = setTimeout(tick, POLLING_MS.job);
    },
    [initialTotal],
  );

  return { job, watch, stop };
}
