// A local S3-compatible server on 127.0.0.1 for the storage, file, export and picture suites and the
// multi-process test: it speaks the S3 REST protocol (path-style) for the calls server/files makes, and verifies
// every request's AWS Signature Version 4 (header or presigned query) with its own key pair, so the real
// @aws-sdk/client-s3 is exercised as against a real store: a wrong secret, an unsigned request or an expired
// signed URL is refused, as a private bucket does.
//
// Why our own: the npm candidates were evaluated first. s3rver 3.7 is unmaintained (2021, old busboy); its
// maintained fork @20minutes/s3rver 4.x computes the canonical URI of bucket requests without the trailing
// slash the current client signs (`/bucket/`), so ListObjectsV2 and DeleteObjects fail with
// SignatureDoesNotMatch, and it lets unsigned requests through; 5.x needs Node 24. MinIO is a Go binary.
//
// Calls: CreateBucket, HeadBucket, ListObjectsV2 (prefix, start-after, continuation, max-keys, encoding-type),
// PutObject, GetObject and HeadObject (Range, If-None-Match, response-* overrides on signed requests),
// CopyObject, DeleteObject, DeleteObjects, and multipart uploads (create, part, complete, abort).
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type S3Object = { body: Buffer; contentType: string; etag: string; lastModified: Date };
export type S3Operation =
  | 'PutObject'
  | 'GetObject'
  | 'HeadObject'
  | 'CopyObject'
  | 'DeleteObject'
  | 'DeleteObjects'
  | 'ListObjectsV2'
  | 'CreateMultipartUpload'
  | 'UploadPart'
  | 'CompleteMultipartUpload'
  | 'AbortMultipartUpload'
  | 'CreateBucket'
  | 'HeadBucket';

export type TestS3Server = {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** A new empty bucket (tests share one server, each its own bucket). */
  createBucket: (name?: string) => string;
  /** The objects of a bucket, by key (a live view). */
  objects: (bucket: string) => Map<string, S3Object>;
  /** How many requests of each operation were answered. */
  counts: Partial<Record<S3Operation, number>>;
  /** The next `times` requests of `op` answer 500 InternalError (a store that fails mid-write). */
  failNext: (op: S3Operation, times?: number) => void;
  /** The S3_* settings that point the product at this server and bucket. */
  env: (bucket: string) => Record<string, string>;
  close: () => Promise<void>;
};

const ALGORITHM = 'AWS4-HMAC-SHA256';
const MAX_SKEW_MS = 15 * 60_000;

/** RFC 3986 encoding, as SigV4 wants it: unreserved characters stay, everything else is %XX. */
function uriEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');
const xmlEscape = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
const xmlUnescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');
const xmlValues = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => xmlUnescape(m[1]!));

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type Parsed = {
  method: string;
  rawPath: string;
  query: [string, string][];
  params: URLSearchParams;
  bucket: string;
  key: string;
};

function parse(req: http.IncomingMessage): Parsed {
  const raw = req.url ?? '/';
  const q = raw.indexOf('?');
  const rawPath = q < 0 ? raw : raw.slice(0, q);
  const rawQuery = q < 0 ? '' : raw.slice(q + 1);
  const query: [string, string][] = rawQuery
    ? rawQuery.split('&').map((pair) => {
        const i = pair.indexOf('=');
        const dec = (s: string) => decodeURIComponent(s);
        return i < 0 ? [dec(pair), ''] : [dec(pair.slice(0, i)), dec(pair.slice(i + 1))];
      })
    : [];
  const segments = rawPath.split('/');
  const bucket = decodeURIComponent(segments[1] ?? '');
  const key = decodeURIComponent(segments.slice(2).join('/'));
  return { method: req.method ?? 'GET', rawPath, query, params: new URLSearchParams(query), bucket, key };
}

/** SigV4 of a request, header or query form; throws the S3 error a real store answers. */
function verifySignature(
  req: http.IncomingMessage,
  p: Parsed,
  body: Buffer,
  keys: { accessKeyId: string; secretAccessKey: string },
): { presigned: boolean } {
  const auth = req.headers.authorization;
  const presigned = p.params.get('X-Amz-Algorithm') === ALGORITHM;
  if (!auth && !presigned) throw new S3Error(403, 'AccessDenied', 'Access Denied');
  let credential: string;
  let signedHeaders: string[];
  let signature: string;
  let amzDate: string;
  let payloadHash: string;
  if (presigned) {
    credential = p.params.get('X-Amz-Credential') ?? '';
    signedHeaders = (p.params.get('X-Amz-SignedHeaders') ?? '').split(';');
    signature = p.params.get('X-Amz-Signature') ?? '';
    amzDate = p.params.get('X-Amz-Date') ?? '';
    payloadHash = 'UNSIGNED-PAYLOAD';
    const expires = Number(p.params.get('X-Amz-Expires'));
    if (!Number.isFinite(expires) || expires <= 0 || expires > 604_800)
      throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires is invalid');
    if (Date.now() > parseAmzDate(amzDate) + expires * 1000)
      throw new S3Error(403, 'AccessDenied', 'Request has expired');
  } else {
    const m = /^AWS4-HMAC-SHA256 Credential=([^,]+),\s*SignedHeaders=([^,]+),\s*Signature=([0-9a-f]+)$/.exec(
      auth!,
    );
    if (!m) throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed');
    [, credential, , signature] = m as unknown as [string, string, string, string];
    signedHeaders = m[2]!.split(';');
    amzDate = String(req.headers['x-amz-date'] ?? '');
    payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (!payloadHash)
      throw new S3Error(
        400,
        'InvalidRequest',
        'Missing required header for this request: x-amz-content-sha256',
      );
    if (Math.abs(Date.now() - parseAmzDate(amzDate)) > MAX_SKEW_MS)
      throw new S3Error(
        403,
        'RequestTimeTooSkewed',
        'The difference between the request time and now is too large',
      );
  }
  const [accessKeyId, date, region, service, terminal] = credential.split('/');
  if (accessKeyId !== keys.accessKeyId)
    throw new S3Error(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
    );
  if (!signedHeaders.includes('host'))
    throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The host header must be signed');

  const canonicalQuery = p.query
    .filter(([k]) => !(presigned && k === 'X-Amz-Signature'))
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .map((h) => {
      const v = req.headers[h];
      const value = (Array.isArray(v) ? v.join(',') : (v ?? '')).trim().replace(/\s+/g, ' ');
      return `${h}:${value}\n`;
    })
    .join('');
  const canonicalRequest = [
    p.method,
    p.rawPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/${service}/${terminal}`;
  const stringToSign = [ALGORITHM, amzDate, scope, sha256(canonicalRequest)].join('\n');
  const kSigning = hmac(hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, date!), region!), service!), terminal!);
  const expected = createHmac('sha256', kSigning).update(stringToSign).digest();
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  if (!presigned) {
    if (/^STREAMING-/.test(payloadHash))
      throw new S3Error(501, 'NotImplemented', 'Streaming (aws-chunked) payloads are not supported here');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body))
      throw new S3Error(400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 does not match');
  }
  return { presigned };
}

function parseAmzDate(s: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(s);
  if (!m) throw new S3Error(403, 'AccessDenied', 'X-Amz-Date is invalid');
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
}

/** A byte range of `size` from a Range header, null for the whole object; throws 416 when unsatisfiable. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end)
    throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable');
  return { start, end };
}

export async function startS3Server(
  opts: {
    accessKeyId?: string;
    secretAccessKey?: string;
    region?: string;
    port?: number;
    /** Let the process end while the server listens (a server shared by a test process's files). */
    unref?: boolean;
  } = {},
): Promise<TestS3Server> {
  const keys = {
    accessKeyId: opts.accessKeyId ?? `TEST${randomBytes(6).toString('hex').toUpperCase()}`,
    secretAccessKey: opts.secretAccessKey ?? randomBytes(24).toString('base64url'),
  };
  const region = opts.region ?? 'us-east-1';
  const buckets = new Map<string, Map<string, S3Object>>();
  const uploads = new Map<
    string,
    { bucket: string; key: string; contentType: string; parts: Map<number, Buffer> }
  >();
  const counts: TestS3Server['counts'] = {};
  const failures = new Map<S3Operation, number>();

  const objectOf = (buf: Buffer, contentType: string): S3Object => ({
    body: buf,
    contentType,
    etag: `"${md5(buf)}"`,
    lastModified: new Date(Math.floor(Date.now() / 1000) * 1000),
  });
  const bucketOf = (name: string) => {
    const b = buckets.get(name);
    if (!b) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    return b;
  };
  const xml = (res: http.ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'Content-Type': 'application/xml' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
  };

  function operation(p: Parsed, headers: http.IncomingHttpHeaders): S3Operation {
    const has = (k: string) => p.params.has(k);
    if (!p.key) {
      if (p.method === 'PUT') return 'CreateBucket';
      if (p.method === 'HEAD') return 'HeadBucket';
      if (p.method === 'POST' && has('delete')) return 'DeleteObjects';
      if (p.method === 'GET') return 'ListObjectsV2';
    } else {
      if (p.method === 'GET') return 'GetObject';
      if (p.method === 'HEAD') return 'HeadObject';
      if (p.method === 'DELETE') return has('uploadId') ? 'AbortMultipartUpload' : 'DeleteObject';
      if (p.method === 'POST' && has('uploads')) return 'CreateMultipartUpload';
      if (p.method === 'POST' && has('uploadId')) return 'CompleteMultipartUpload';
      if (p.method === 'PUT' && has('uploadId')) return 'UploadPart';
      if (p.method === 'PUT') return headers['x-amz-copy-source'] ? 'CopyObject' : 'PutObject';
    }
    throw new S3Error(501, 'NotImplemented', `${p.method} ${p.rawPath} is not implemented here`);
  }

  function sendObject(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    p: Parsed,
    obj: S3Object,
    head: boolean,
    presigned: boolean,
  ) {
    const headers: Record<string, string> = {
      'Content-Type': obj.contentType,
      ETag: obj.etag,
      'Last-Modified': obj.lastModified.toUTCString(),
      'Accept-Ranges': 'bytes',
    };
    // The response-* overrides are honoured only on signed URLs, as S3 does for anonymous ones it would refuse.
    if (presigned) {
      const override = (param: string, header: string) => {
        const v = p.params.get(param);
        if (v) headers[header] = v;
      };
      override('response-content-type', 'Content-Type');
      override('response-content-disposition', 'Content-Disposition');
      override('response-cache-control', 'Cache-Control');
    }
    if (req.headers['if-none-match'] === obj.etag) {
      res.writeHead(304, headers).end();
      return;
    }
    const range = rangeOf(req.headers.range, obj.body.length);
    const body = range ? obj.body.subarray(range.start, range.end + 1) : obj.body;
    headers['Content-Length'] = String(body.length);
    if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${obj.body.length}`;
    res.writeHead(range ? 206 : 200, headers);
    res.end(head ? undefined : body);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    const p = parse(req);
    const { presigned } = verifySignature(req, p, body, keys);
    const op = operation(p, req.headers);
    const failing = failures.get(op) ?? 0;
    if (failing > 0) {
      failures.set(op, failing - 1);
      throw new S3Error(500, 'InternalError', 'We encountered an internal error. Please try again.');
    }
    counts[op] = (counts[op] ?? 0) + 1;
    const contentType = String(req.headers['content-type'] ?? 'binary/octet-stream');
    switch (op) {
      case 'CreateBucket':
        if (!buckets.has(p.bucket)) buckets.set(p.bucket, new Map());
        return res.writeHead(200, { Location: `/${p.bucket}` }).end();
      case 'HeadBucket':
        bucketOf(p.bucket);
        return res.writeHead(200).end();
      case 'ListObjectsV2': {
        const b = bucketOf(p.bucket);
        const prefix = p.params.get('prefix') ?? '';
        const max = Math.min(1000, Number(p.params.get('max-keys') ?? 1000));
        const after = p.params.get('continuation-token')
          ? Buffer.from(p.params.get('continuation-token')!, 'base64url').toString()
          : (p.params.get('start-after') ?? '');
        const urlEncoded = p.params.get('encoding-type') === 'url';
        const enc = (k: string) => xmlEscape(urlEncoded ? uriEncode(k).replace(/%2F/g, '/') : k);
        const keysFound = [...b.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
        const page = keysFound.slice(0, max);
        const truncated = keysFound.length > page.length;
        const contents = page
          .map((k) => {
            const o = b.get(k)!;
            return (
              `<Contents><Key>${enc(k)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified>` +
              `<ETag>${xmlEscape(o.etag)}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`
            );
          })
          .join('');
        const next = truncated
          ? `<NextContinuationToken>${Buffer.from(page.at(-1)!).toString('base64url')}</NextContinuationToken>`
          : '';
        return xml(
          res,
          200,
          `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xmlEscape(p.bucket)}</Name>` +
            `<Prefix>${enc(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys>` +
            `${urlEncoded ? '<EncodingType>url</EncodingType>' : ''}<IsTruncated>${truncated}</IsTruncated>${next}${contents}</ListBucketResult>`,
        );
      }
      case 'DeleteObjects': {
        const b = bucketOf(p.bucket);
        const text = body.toString('utf8');
        const quiet = /<Quiet>true<\/Quiet>/.test(text);
        const deleted = xmlValues(text, 'Key');
        for (const k of deleted) b.delete(k);
        const out = quiet ? '' : deleted.map((k) => `<Deleted><Key>${xmlEscape(k)}</Key></Deleted>`).join('');
        return xml(
          res,
          200,
          `<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${out}</DeleteResult>`,
        );
      }
      case 'PutObject': {
        const o = objectOf(body, contentType);
        bucketOf(p.bucket).set(p.key, o);
        return res.writeHead(200, { ETag: o.etag }).end();
      }
      case 'GetObject':
      case 'HeadObject': {
        const o = bucketOf(p.bucket).get(p.key);
        if (!o) {
          if (op === 'HeadObject') return res.writeHead(404).end();
          throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
        }
        return sendObject(req, res, p, o, op === 'HeadObject', presigned);
      }
      case 'CopyObject': {
        const source = decodeURIComponent(String(req.headers['x-amz-copy-source'])).replace(/^\//, '');
        const slash = source.indexOf('/');
        const from = bucketOf(source.slice(0, slash)).get(source.slice(slash + 1).split('?')[0]!);
        if (!from) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
        const replace = req.headers['x-amz-metadata-directive'] === 'REPLACE';
        const o = objectOf(Buffer.from(from.body), replace ? contentType : from.contentType);
        bucketOf(p.bucket).set(p.key, o);
        return xml(
          res,
          200,
          `<CopyObjectResult><ETag>${xmlEscape(o.etag)}</ETag><LastModified>${o.lastModified.toISOString()}</LastModified></CopyObjectResult>`,
        );
      }
      case 'DeleteObject':
        bucketOf(p.bucket).delete(p.key);
        return res.writeHead(204).end();
      case 'CreateMultipartUpload': {
        bucketOf(p.bucket);
        const uploadId = randomBytes(16).toString('hex');
        uploads.set(uploadId, { bucket: p.bucket, key: p.key, contentType, parts: new Map() });
        return xml(
          res,
          200,
          `<InitiateMultipartUploadResult><Bucket>${xmlEscape(p.bucket)}</Bucket><Key>${xmlEscape(p.key)}</Key>` +
            `<UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
        );
      }
      case 'UploadPart': {
        const u = uploads.get(p.params.get('uploadId') ?? '');
        if (!u) throw new S3Error(404, 'NoSuchUpload', 'The specified upload does not exist.');
        u.parts.set(Number(p.params.get('partNumber')), Buffer.from(body));
        return res.writeHead(200, { ETag: `"${md5(body)}"` }).end();
      }
      case 'CompleteMultipartUpload': {
        const id = p.params.get('uploadId') ?? '';
        const u = uploads.get(id);
        if (!u) throw new S3Error(404, 'NoSuchUpload', 'The specified upload does not exist.');
        const numbers = xmlValues(body.toString('utf8'), 'PartNumber').map(Number);
        const parts = numbers.map((n) => {
          const part = u.parts.get(n);
          if (!part) throw new S3Error(400, 'InvalidPart', `Part ${n} was not uploaded`);
          return part;
        });
        const whole = Buffer.concat(parts);
        const etag = `"${md5(Buffer.concat(parts.map((x) => createHash('md5').update(x).digest())))}-${parts.length}"`;
        // The object appears whole, at once, only now: readers never see a part of it.
        bucketOf(u.bucket).set(u.key, { ...objectOf(whole, u.contentType), etag });
        uploads.delete(id);
        return xml(
          res,
          200,
          `<CompleteMultipartUploadResult><Bucket>${xmlEscape(u.bucket)}</Bucket><Key>${xmlEscape(u.key)}</Key>` +
            `<ETag>${xmlEscape(etag)}</ETag></CompleteMultipartUploadResult>`,
        );
      }
      case 'AbortMultipartUpload':
        uploads.delete(p.params.get('uploadId') ?? '');
        return res.writeHead(204).end();
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks)).catch((err: unknown) => {
        const e =
          err instanceof S3Error
            ? err
            : new S3Error(500, 'InternalError', (err as Error).message ?? String(err));
        if (res.headersSent) return res.destroy();
        if (req.method === 'HEAD') return res.writeHead(e.status).end();
        xml(
          res,
          e.status,
          `<Error><Code>${e.code}</Code><Message>${xmlEscape(e.message)}</Message>` +
            `<Resource>${xmlEscape(req.url ?? '')}</Resource><RequestId>${randomBytes(8).toString('hex')}</RequestId></Error>`,
        );
      });
    });
  });
  // The client keeps connections open; they must not hold close() up.
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  if (opts.unref) server.unref();
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    region,
    ...keys,
    counts,
    createBucket: (name) => {
      const bucket = name ?? `cb-test-${randomBytes(5).toString('hex')}`;
      if (!buckets.has(bucket)) buckets.set(bucket, new Map());
      return bucket;
    },
    objects: (bucket) => bucketOf(bucket),
    failNext: (op, times = 1) => void failures.set(op, times),
    env: (bucket) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: keys.accessKeyId,
      S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
