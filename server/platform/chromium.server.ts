import puppeteer, {
  InterceptResolutionAction,
  type Browser,
  type HTTPRequest,
  type Page,
} from 'puppeteer-core';
import { findChrome } from './find-chrome.mjs';
import type { Logger } from './logger.server.ts';
import { processTreeRss } from './process-memory.server.ts';

/** Flags for a headless Chromium that never reaches the network on its own. */
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  '--font-render-hinting=none',
  // The document is a file:// page that loads its fonts and prepared images from other local files.
  '--allow-file-access-from-files',
  // Defence in depth behind the request interception of every page (guardPage): no host name and no IP
  // literal resolves, so nothing the interception does not see (a WebSocket, a speculative preconnect, a
  // service worker) connects.
  '--host-resolver-rules=MAP * ~NOTFOUND',
];

/** What a page may load: our documents, their fonts and pictures are local files or inline data. */
const LOCAL_URL = /^(file|data):/i;

export class ChromiumUnavailableError extends Error {}
export class PageTimeoutError extends Error {}
/** Chromium stopped (crashed, killed) while a page was in use; the next use launches a new one. */
export class ChromiumCrashedError extends Error {}

export type BrowserPool = {
  /**
   * Run fn with a warm page. The page is reused afterwards unless fn failed; after timeoutMs (or when
   * signal aborts) the page is closed, which makes fn's pending browser calls fail.
   */
  withPage: <T>(
    fn: (page: Page) => Promise<T>,
    opts?: {
      timeoutMs?: number;
      signal?: AbortSignal;
      /** Told of each request the page made and was refused (default: a warning in the pool's log). */
      onBlockedRequest?: (url: string) => void;
    },
  ) => Promise<T>;
  /** Launch now, so the first job does not wait for it. */
  warm: () => Promise<void>;
  close: () => Promise<void>;
  /** How many times Chromium was launched (a crash, or recycling, makes the next use launch a new one). */
  launches: () => number;
  /** How many times a Chromium was retired for its number of uses or its memory. */
  recycles: () => number;
  /** The running Chromium's process id (for memory figures), or null. */
  pid: () => number | null;
};

export type BrowserPoolOptions = {
  chromePath?: string;
  logger?: Logger;
  maxIdlePages?: number;
  /** Start a new Chromium after this many uses (renders); 0 or unset: never for that reason. */
  recycleAfterUses?: number;
  /** ... or once it holds more than this many MB (all its processes) after a use; 0 or unset: never. */
  maxMemoryMb?: number;
};

/**
 * One Chromium per worker process, launched on first use and kept warm; idle pages are reused. A crashed or
 * killed browser is noticed (disconnected): the render that used it fails, and the next use launches a new one.
 * A browser that served `recycleAfterUses` renders, or grew past `maxMemoryMb`, is retired: the next use
 * launches a new one and the old one closes once its last page is done (Chromium's memory grows with what it
 * rendered, and a long-lived one slows down).
 */
export function createBrowserPool(opts: BrowserPoolOptions = {}): BrowserPool {
  const maxIdle = opts.maxIdlePages ?? 2;
  let browser: Promise<Browser> | null = null;
  let launches = 0;
  let recycles = 0;
  let current: Browser | null = null;
  let closed = false;
  const idle: Page[] = [];
  /** Uses finished and pages in use, per browser. */
  const usage = new WeakMap<Browser, { uses: number; inUse: number; retired: boolean }>();
  const usageOf = (b: Browser) => {
    let u = usage.get(b);
    if (!u) usage.set(b, (u = { uses: 0, inUse: 0, retired: false }));
    return u;
  };

  /** After a use: retire the browser when it is due, closing it once no page of it is in use. */
  const afterUse = async (b: Browser) => {
    const u = usageOf(b);
    if (!u.retired && current === b) {
      const byUses = !!opts.recycleAfterUses && u.uses >= opts.recycleAfterUses;
      const pid = b.process()?.pid;
      const mb = !byUses && opts.maxMemoryMb && pid ? (await processTreeRss(pid)) / 1024 / 1024 : 0;
      const byMemory = !!opts.maxMemoryMb && mb > opts.maxMemoryMb;
      if ((byUses || byMemory) && current === b) {
        u.retired = true;
        recycles++;
        forget(b);
        opts.logger?.info(
          { uses: u.uses, memoryMb: Math.round(mb), reason: byUses ? 'uses' : 'memory' },
          'Chromium recycled; the next render starts a new one',
        );
      }
    }
    if (u.retired && u.inUse === 0) await b.close().catch(() => {});
  };
  /** Who is told of a page's refused requests: the current user of the page, else the pool's log. */
  const reportBlocked = new WeakMap<Page, (url: string) => void>();
  const logBlocked = (url: string) =>
    opts.logger?.warn({ url }, `render: blocked request from Chromium to ${url}`);

  /**
   * Every page this pool hands out lets through local files and inline data only (DESIGN §10): whatever a
   * catalog names (a picture's address, an <img> in rich text, a url() in its CSS, a redirect), Chromium itself
   * never reaches the network, and pictures come only through the guarded fetcher. Installed once, when the page
   * is created and before anything navigates in it; an idle page keeps it for its next use.
   */
  const guardPage = async (page: Page) => {
    page.on('request', (request: HTTPRequest) => {
      const action = request.interceptResolutionState().action;
      // data: URLs are not intercepted (puppeteer reports them as disabled); someone else already answered.
      if (
        action === InterceptResolutionAction.Disabled ||
        action === InterceptResolutionAction.AlreadyHandled
      )
        return;
      if (LOCAL_URL.test(request.url())) {
        void request.continue().catch(() => {});
        return;
      }
      (reportBlocked.get(page) ?? logBlocked)(request.url());
      void request.abort('blockedbyclient').catch(() => {});
    });
    await page.setRequestInterception(true);
    await page.setBypassServiceWorker(true);
  };

  /** Drop a browser that stopped: its idle pages go with it, and the next use launches a new one. */
  const forget = (b: Browser) => {
    if (current !== b) return;
    current = null;
    browser = null;
    idle.length = 0;
  };
  /** The process may be gone before puppeteer has read the end of its pipe: check both. */
  const alive = (b: Browser) => {
    const proc = b.process();
    return b.connected && (!proc || (proc.exitCode === null && proc.signalCode === null));
  };

  const launch = (): Promise<Browser> => {
    if (closed) return Promise.reject(new ChromiumUnavailableError('The browser pool is closed.'));
    if (current && !alive(current)) forget(current);
    if (browser) return browser;
    const executablePath = opts.chromePath ?? findChrome();
    if (!executablePath) {
      return Promise.reject(
        new ChromiumUnavailableError(
          'Chromium was not found: install it or set CHROME_PATH (PDF export needs it).',
        ),
      );
    }
    const p = puppeteer
      .launch({
        executablePath,
        headless: true,
        args: CHROME_ARGS,
        protocolTimeout: 300_000,
        // A pipe, not a socket: Chromium exits with the worker even when the worker is killed (SIGKILL).
        pipe: true,
        // The process handles its own signals and closes this pool as it stops (scripts/serve.ts, worker/main.ts):
        // puppeteer's SIGINT handler would end the process at once, before the database is closed. Its exit
        // hook still kills Chromium should the process end without closing the pool.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      })
      .then((b) => {
        launches++;
        current = b;
        b.on('disconnected', () => {
          forget(b);
          if (!closed && !usageOf(b).retired)
            opts.logger?.warn('Chromium disconnected; it will be relaunched on next use');
        });
        return b;
      });
    p.catch(() => {
      if (browser === p) browser = null;
    });
    browser = p;
    return p;
  };

  const takePage = async (): Promise<Page> => {
    const b = await launch();
    while (idle.length) {
      const page = idle.pop()!;
      if (!page.isClosed() && page.browser() === b) return page;
    }
    const page = await b.newPage();
    try {
      await guardPage(page);
    } catch (err) {
      await page.close().catch(() => {});
      throw err;
    }
    return page;
  };

  return {
    async withPage(fn, { timeoutMs = 120_000, signal, onBlockedRequest } = {}) {
      const page = await takePage();
      const owner = page.browser();
      usageOf(owner).inUse++;
      if (onBlockedRequest) reportBlocked.set(page, onBlockedRequest);
      const crashed = (cause?: unknown) =>
        new ChromiumCrashedError(
          'Chromium stopped while rendering; it is started again for the next render.',
          {
            cause,
          },
        );
      let failed = false;
      let timer: NodeJS.Timeout | undefined;
      let onAbort: (() => void) | undefined;
      let onGone: (() => void) | undefined;
      const stop = new Promise<never>((_, reject) => {
        const fail = (err: Error) => {
          failed = true;
          void page.close().catch(() => {});
          reject(err);
        };
        timer = setTimeout(
          () => fail(new PageTimeoutError(`Chromium took longer than ${timeoutMs} ms`)),
          timeoutMs,
        );
        onAbort = () => fail(signal!.reason as Error);
        if (signal?.aborted) onAbort();
        else signal?.addEventListener('abort', onAbort, { once: true });
        // fn may be waiting on something else than the browser (a picture download): fail it at once.
        onGone = () => fail(crashed());
        owner.once('disconnected', onGone);
      });
      stop.catch(() => {});
      try {
        return await Promise.race([fn(page), stop]);
      } catch (err) {
        failed = true;
        // Puppeteer's own errors for a dead browser (Target closed, Connection closed) say little.
        if (!alive(owner)) {
          forget(owner);
          if (!(err instanceof PageTimeoutError) && !signal?.aborted) throw crashed(err);
        }
        throw err;
      } finally {
        clearTimeout(timer);
        if (onAbort) signal?.removeEventListener('abort', onAbort);
        if (onGone) owner.off('disconnected', onGone);
        reportBlocked.delete(page);
        const u = usageOf(owner);
        u.inUse--;
        u.uses++;
        if (failed || page.isClosed() || idle.length >= maxIdle || u.retired || current !== owner)
          await page.close().catch(() => {});
        else idle.push(page);
        if (alive(owner)) await afterUse(owner).catch(() => {});
      }
    },
    async warm() {
      await launch();
    },
    async close() {
      closed = true;
      const b = browser;
      browser = null;
      idle.length = 0;
      if (b) await (await b.catch(() => null))?.close().catch(() => {});
    },
    launches: () => launches,
    recycles: () => recycles,
    pid: () => current?.process()?.pid ?? null,
  };
}
