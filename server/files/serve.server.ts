import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../platform/index.ts';
import { createS3Storage } from './s3-storage.server.ts';
import { createLocalStorage, PARTIAL_SUFFIX, type ByteRange, type Storage } from './storage.server.ts';
import { servedFileHeaders } from './uploads.server.ts';

/** The storage the configuration names: an S3-compatible bucket with S3_BUCKET, else DATA_DIR/files. */
export function createStorage(config: Config): Storage {
  if (!config.S3_BUCKET) return createLocalStorage(config.dirs.files);
  return createS3Storage({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
}

/** Stored files are cached this long by browsers and CDNs (their keys change when their content does). */
const MAX_AGE_SECONDS = 3600;

/**
 * Keys /files never answers: PDFs (only through their routes, which check the caller and the plan: SPEC §6, no
 * download on trial), temporary files of unfinished writes, and hidden names.
 */
export function isServedKey(key: string): boolean {
  return (
    !/^(pdf|tmp)\//.test(key) &&
    !key.endsWith(PARTIAL_SUFFIX) &&
    !key.split('/').some((s) => s.startsWith('.'))
  );
}

/** The one byte range of a Range header within `size`; null: the whole file; 'unsatisfiable': a 416. */
export function requestedRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  const range =
    m[1] === ''
      ? { start: Math.max(0, size - Number(m[2])), end: size - 1 }
      : { start: Number(m[1]), end: m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1) };
  return range.start >= size || range.start > range.end ? 'unsatisfiable' : range;
}

/**
 * Answer GET or HEAD /files/<key> from storage, local disk or S3 alike: the type of the key's extension and the
 * sandboxing headers (servedFileHeaders), an hour of caching with ETag and Last-Modified validators (304), and
 * byte ranges (206, 416). A key that is not served or not stored is a 404. Used by the app and the viewer.
 */
export async function serveStoredFile(opts: {
  storage: Storage;
  key: string | null;
  req: Pick<IncomingMessage, 'method' | 'headers'>;
  res: ServerResponse;
}): Promise<void> {
  const { storage, key, req, res } = opts;
  const notFound = () => {
    res.statusCode = 404;
    res.end();
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  if (!key || !isServedKey(key)) return notFound();
  const file = await storage.head(key);
  if (!file) return notFound();
  const headers: Record<string, string> = {
    ...servedFileHeaders(key),
    'Cache-Control': `public, max-age=${MAX_AGE_SECONDS}`,
    ETag: file.etag,
    'Last-Modified': file.lastModified.toUTCString(),
    'Accept-Ranges': 'bytes',
  };
  const inm = req.headers['if-none-match'];
  const ims = req.headers['if-modified-since'];
  const notModified = inm
    ? inm.split(',').some((t) => t.trim() === file.etag || t.trim() === '*')
    : ims !== undefined && Math.floor(file.lastModified.getTime() / 1000) <= Date.parse(ims) / 1000;
  if (notModified) {
    res.writeHead(304, headers).end();
    return;
  }
  const range = requestedRange(req.headers.range, file.size);
  if (range === 'unsatisfiable') {
    res.writeHead(416, { ...headers, 'Content-Range': `bytes */${file.size}` }).end();
    return;
  }
  const length = range ? range.end - range.start + 1 : file.size;
  headers['Content-Length'] = String(length);
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${file.size}`;
  if (req.method === 'HEAD') {
    res.writeHead(range ? 206 : 200, headers).end();
    return;
  }
  const body = await storage.open(key, range ?? undefined);
  if (!body) return notFound();
  res.writeHead(range ? 206 : 200, headers);
  await pipeline(body, res).catch(() => res.destroy());
}
