import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readImageInfo, toJpeg, type ImageInfo } from './process.server.ts';
import { safeFetch, type SafeFetchOptions } from './fetch.server.ts';

/** A source within this factor of the target is used as is: re-encoding it would save little and cost time. */
const PASS_THROUGH_TOLERANCE = 1.15;
/** Quality estimates of libjpeg files are exact; this allows for encoders whose tables differ slightly. */
const PASS_THROUGH_QUALITY_SLACK = 2;
/** Targets are rounded up to this many pixels so near-identical placements share one prepared file. */
const SIZE_STEP = 16;

export type PreparedImage = { file: string; width: number; height: number; passThrough: boolean };

export type ImageCacheOptions = {
  /** A remote picture checked this recently is used without asking its server again (default 60 s). */
  remoteTtlMs?: number;
  /** Entries kept in memory, per kind (least recently used go first; default 2,000). */
  maxMemoryEntries?: number;
  /** Files of the cache folder unused for this long are removed (default 7 days). */
  maxDiskAgeMs?: number;
  /** Above this total size, the least recently used files of the folder are removed (default 2 GiB). */
  maxDiskBytes?: number;
  /** Files used this recently are never removed: a running render may still load them (default 1 hour). */
  keepRecentMs?: number;
  /** The folder is pruned after a write at most this often (default 10 minutes). */
  pruneEveryMs?: number;
  /** The clock (tests move it). */
  now?: () => number;
};

export type ImageCache = {
  dir: string;
  /** Size and kind of a local image (memoised per file version). */
  info: (file: string) => Promise<ImageInfo>;
  /**
   * The image at `file` as a JPEG of at most width × height pixels at `quality`, written once per content and
   * target (later renders reuse it). A JPEG already about that size and not of a higher quality than asked is
   * returned as is (re-encoding it would lose more than it saves).
   */
  prepare: (opts: { file: string; width: number; height: number; quality: number }) => Promise<PreparedImage>;
  /**
   * A local copy of a remote image, fetched through the SSRF guard. Within remoteTtlMs of the last check the
   * copy is used as is; after it, the server is asked again (conditionally, when it gave an ETag or a
   * Last-Modified), so a picture the merchant replaced at the same address shows in the next render.
   */
  fetch: (url: string, opts?: SafeFetchOptions) => Promise<string>;
  /** Remove old and least recently used files of the folder (also done on its own after writes). */
  prune: () => Promise<{ removed: number; bytes: number }>;
  /** Entries held in memory, per kind. */
  memory: () => { infos: number; prepared: number; remote: number };
};

const sha1 = (s: string | Buffer) => createHash('sha1').update(s).digest('hex');

/** Readers see the whole file or none: written aside, then renamed into place. */
export async function writeAtomically(file: string, data: Buffer) {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}

/** A Map that keeps its `max` most recently used entries. */
class Lru<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly max: number) {}
  get size() {
    return this.map.size;
  }
  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: K, value: V) {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }
  /** Delete the entry only if it still holds `value` (a newer one may have replaced it). */
  delete(key: K, value?: V) {
    if (value === undefined || this.map.get(key) === value) this.map.delete(key);
  }
}

type Remote = { file: string; etag: string | null; lastModified: string | null; checkedAt: number };
type Flight = { promise: Promise<string>; controller: AbortController; waiters: number };

/**
 * Prepared images and remote copies on local disk (DATA_DIR/cache/images by default), shared by every job of a
 * process. Memory holds a bounded number of entries; the folder is pruned by age and total size, by last use.
 */
export function createImageCache(dir: string, options: ImageCacheOptions = {}): ImageCache {
  mkdirSync(dir, { recursive: true });
  const now = options.now ?? Date.now;
  const ttl = options.remoteTtlMs ?? 60_000;
  const maxEntries = options.maxMemoryEntries ?? 2_000;
  const maxAge = options.maxDiskAgeMs ?? 7 * 86_400_000;
  const maxBytes = options.maxDiskBytes ?? 2 * 1024 ** 3;
  const keepRecent = options.keepRecentMs ?? 3_600_000;
  const pruneEvery = options.pruneEveryMs ?? 10 * 60_000;
  const infos = new Lru<string, Promise<ImageInfo>>(maxEntries);
  const prepared = new Lru<string, Promise<PreparedImage>>(maxEntries);
  const remotes = new Lru<string, Remote>(maxEntries);
  const flights = new Map<string, Flight>();
  const root = path.resolve(dir);
  let lastPrune = 0;
  let pruning: Promise<{ removed: number; bytes: number }> | null = null;

  /**
   * A file's identity without reading it: path, size and modification time. Files of the folder are named by
   * their content and never rewritten, so their time is left out: marking one used (below) keeps its identity.
   */
  const identity = async (file: string) => {
    const s = await stat(file);
    const full = path.resolve(file);
    return path.dirname(full) === root ? `${full}:${s.size}` : `${full}:${s.size}:${s.mtimeMs}`;
  };
  const memo = <T>(map: Lru<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> => {
    let p = map.get(key);
    if (!p) {
      const made = make();
      p = made;
      map.set(key, made);
      made.catch(() => map.delete(key, made));
    }
    return p;
  };
  /**
   * A cached file of the folder is still there: marked used now (pruning goes by last use). Files outside the
   * folder (our storage's, used as is) are not ours to mark.
   */
  const stillThere = async (file: string) => {
    if (path.dirname(path.resolve(file)) !== root) return true;
    const t = new Date(now());
    return utimes(file, t, t).then(
      () => true,
      () => false,
    );
  };
  const wrote = () => {
    if (now() - lastPrune < pruneEvery) return;
    lastPrune = now();
    void cache.prune().catch(() => {});
  };

  const prepareNow = async (id: string, key: string, file: string, w: number, h: number, quality: number) => {
    const info = await memo(infos, id, () => readImageInfo(file));
    const scale = Math.min(w / info.width, h / info.height);
    if (
      info.embeddableJpeg &&
      scale * PASS_THROUGH_TOLERANCE >= 1 &&
      info.jpegQuality !== null &&
      info.jpegQuality <= quality + PASS_THROUGH_QUALITY_SLACK
    ) {
      return { file, width: info.width, height: info.height, passThrough: true };
    }
    const out = path.join(dir, `${sha1(key)}.jpg`);
    try {
      const s = await stat(out);
      if (s.size > 0) {
        const i = await readImageInfo(out);
        await stillThere(out);
        return { file: out, width: i.width, height: i.height, passThrough: false };
      }
    } catch {
      // not prepared yet
    }
    const r = await toJpeg(file, { maxWidth: w, maxHeight: h, quality });
    await writeAtomically(out, r.data);
    wrote();
    return { file: out, width: r.width, height: r.height, passThrough: false };
  };

  const fetchRemote = async (url: string, opts: SafeFetchOptions, signal: AbortSignal, known?: Remote) => {
    let res = await safeFetch(url, {
      ...opts,
      signal,
      conditional: known ? { etag: known.etag, lastModified: known.lastModified } : undefined,
    });
    if (res.notModified && known && (await stillThere(known.file))) {
      remotes.set(url, { ...known, checkedAt: now() });
      return known.file;
    }
    if (res.notModified) res = await safeFetch(url, { ...opts, signal });
    // Named by content: a render still using the previous picture keeps reading the previous file.
    const out = path.join(dir, `src-${sha1(url).slice(0, 16)}-${sha1(res.body).slice(0, 16)}`);
    await writeAtomically(out, res.body);
    remotes.set(url, { file: out, etag: res.etag, lastModified: res.lastModified, checkedAt: now() });
    wrote();
    return out;
  };

  /**
   * One download per URL at a time, shared by every caller; it is aborted only once every caller waiting on it
   * has aborted (one render's abort must not fail another's picture).
   */
  const join = (url: string, opts: SafeFetchOptions, known?: Remote): Promise<string> => {
    const { signal, ...rest } = opts;
    let flight = flights.get(url);
    if (!flight) {
      const controller = new AbortController();
      const promise = fetchRemote(url, rest, controller.signal, known).finally(() => {
        if (flights.get(url)?.promise === promise) flights.delete(url);
      });
      promise.catch(() => {});
      flight = { promise, controller, waiters: 0 };
      flights.set(url, flight);
    }
    const f = flight;
    f.waiters++;
    return new Promise<string>((resolve, reject) => {
      let left = false;
      const leave = () => {
        if (left) return false;
        left = true;
        f.waiters--;
        signal?.removeEventListener('abort', onAbort);
        return true;
      };
      const onAbort = () => {
        if (!leave()) return;
        if (f.waiters === 0) f.controller.abort(signal!.reason);
        reject(signal!.reason as Error);
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      f.promise.then(
        (file) => leave() && resolve(file),
        (err: unknown) => leave() && reject(err as Error),
      );
    });
  };

  const cache: ImageCache = {
    dir,
    info: async (file) => memo(infos, await identity(file), () => readImageInfo(file)),
    prepare: async ({ file, width, height, quality }) => {
      const id = await identity(file);
      const w = Math.ceil(width / SIZE_STEP) * SIZE_STEP;
      const h = Math.ceil(height / SIZE_STEP) * SIZE_STEP;
      const key = `${id}|${w}x${h}|q${quality}`;
      const known = prepared.get(key);
      if (known) {
        const r = await known.catch(() => null);
        // The folder may have been pruned since: prepare it again.
        if (r && (await stillThere(r.file))) return r;
        prepared.delete(key, known);
      }
      return memo(prepared, key, () => prepareNow(id, key, file, w, h, quality));
    },
    fetch: async (url, opts = {}) => {
      const known = remotes.get(url);
      if (known && now() - known.checkedAt < ttl && (await stillThere(known.file))) return known.file;
      return join(url, opts, known);
    },
    prune: () => {
      pruning ??= (async () => {
        const names = await readdir(dir).catch(() => [] as string[]);
        const files = (
          await Promise.all(
            names.map(async (name) => {
              const file = path.join(dir, name);
              const s = await stat(file).catch(() => null);
              return s?.isFile() ? { file, size: s.size, used: s.mtimeMs } : null;
            }),
          )
        )
          .filter((f) => f !== null)
          .sort((a, b) => a.used - b.used);
        let total = files.reduce((n, f) => n + f.size, 0);
        // Over the limit, the least recently used go until a tenth is free, so pruning is not needed at once again.
        const target = total > maxBytes ? maxBytes * 0.9 : Infinity;
        let removed = 0;
        let bytes = 0;
        const t = now();
        for (const f of files) {
          if (t - f.used < keepRecent) break; // sorted by last use: the rest are recent too
          if (t - f.used <= maxAge && total <= target) continue;
          await rm(f.file, { force: true });
          total -= f.size;
          bytes += f.size;
          removed++;
        }
        return { removed, bytes };
      })().finally(() => (pruning = null));
      return pruning;
    },
    memory: () => ({ infos: infos.size, prepared: prepared.size, remote: remotes.size }),
  };
  return cache;
}
