/**
 * The whole product in one process, as `npm start` runs it (DESIGN §4): the runtime, the app on PORT with the
 * viewer in front of it (its /view pages and merchants' hosts on the same port), and the worker unless
 * WORKER=off. The app, the viewer and the worker never import each other; this is where they meet.
 */
import type { Server } from 'node:http';
import { SHUTDOWN_GRACE_MS, startAppServer } from '../app/express.server.ts';
import { type Config } from '../server/platform/index.ts';
import { createRuntime, setRuntime, type Runtime } from '../server/runtime/index.ts';
import { startWorker, type RunningWorker, type WorkerOptions } from '../worker/index.ts';
import { createViewer } from '../viewer/server.ts';

/** How long a stop lets running requests and jobs finish (scripts/serve.ts gives the whole stop a deadline). */
export { SHUTDOWN_GRACE_MS };

export type RunningProduct = {
  url: string;
  server: Server;
  runtime: Runtime;
  /** The in-process worker; null with WORKER=off (a separate `npm run start:worker` runs the jobs). */
  worker: RunningWorker | null;
  close: () => Promise<void>;
};

export async function startProduct(
  opts: { config?: Config; runtime?: Runtime; worker?: WorkerOptions } = {},
): Promise<RunningProduct> {
  const runtime = opts.runtime ?? (await createRuntime(opts.config));
  const viewer = createViewer({ runtime });
  const app = await startAppServer({ runtime, front: [viewer.handler] });
  const { config } = runtime;
  const worker =
    config.WORKER === 'off'
      ? null
      : startWorker({
          ...runtime,
          queue: runtime.jobs,
          options: { warm: config.NODE_ENV === 'production', ...opts.worker },
        });
  const close = async () => {
    // Running requests and jobs get SHUTDOWN_GRACE_MS at the same time; an aborted job runs again later.
    await Promise.all([app.close(), worker?.close({ timeoutMs: SHUTDOWN_GRACE_MS })]);
    await runtime.jobs.close();
    await runtime.database.close();
    setRuntime(undefined);
  };
  return { url: app.url, server: app.server, runtime, worker, close };
}
