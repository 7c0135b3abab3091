import { HTTP_RETRY } from '../../core/constants.ts';

/*
 * SPEC §7 'HTTP retry' and §9: a failed request of the editor (the network, or the server answering 5xx or 429)
 * is tried again up to 3 times, after 3 s, 6 s and 12 s (3000 ms times 2 to the retry count); paths under
 * /auth are never retried, and a 401 is answered at once (signed out: retrying cannot help). Other answers,
 * 4xx included, are the server's word and go back as they are.
 */

/** The wait before retry number `retry` (0-based): 3000, 6000, 12000 ms. */
export const retryDelay = (retry: number): number => HTTP_RETRY.baseDelayMs * 2 ** retry;

/** Whether a request to `path` may be retried at all. */
export const retryable = (path: string): boolean => {
  const pathname = path.startsWith('http') ? new URL(path).pathname : path;
  return !pathname.startsWith('/auth');
};

const failed = (status: number) => status >= 500 || status === 429;

/**
 * `send` once, then again after each wait while it fails (thrown network error, 5xx or 429). The last answer
 * (or the last error) is what the caller gets. `sleep` is the timer (a test passes its own).
 */
export async function withRetry(
  path: string,
  send: () => Promise<Response>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<Response> {
  const tries = retryable(path) ? HTTP_RETRY.maxRetries : 0;
  for (let retry = 0; ; retry += 1) {
    let res: Response | null = null;
    let error: unknown = null;
    try {
      res = await send();
    } catch (err) {
      error = err;
    }
    if (res && (res.status === 401 || !failed(res.status))) return res;
    if (retry >= tries) {
      if (res) return res;
      throw error;
    }
    await sleep(retryDelay(retry));
  }
}
