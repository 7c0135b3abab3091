import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertKey, assertPrefix, fileUrlOf, type Storage } from './storage.server.ts';

export type S3StorageOptions = {
  bucket: string;
  /** An S3-compatible service's address (MinIO, R2, Ceph...); unset: AWS S3 of `region`. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's default credentials (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Address buckets as endpoint/bucket/key instead of bucket.endpoint/key (most self-hosted services). */
  forcePathStyle?: boolean;
};

/** Streams are uploaded in parts of this size, two at a time: a 1,000-page PDF never sits whole in memory. */
const PART_BYTES = 8 * 1024 * 1024;
/** DeleteObjects takes at most this many keys per request. */
const DELETE_BATCH = 1000;

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/**
 * Files as objects in an S3-compatible bucket (S3_BUCKET and the S3_* settings), so every machine of an install
 * reads what another wrote. Objects stay private: the app and the viewer serve them with the same authorization
 * and headers as local files (server/files/serve.server.ts), or hand out a short-lived signed URL for a large
 * download. An object is written whole or not at all (a single PUT, or a multipart upload that appears only when
 * completed), and `move` is a server-side copy then a delete, so a reader of the target sees the old object or
 * the new one.
 */
export function createS3Storage(opts: S3StorageOptions): Storage {
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle ?? false,
    credentials: opts.credentials,
    // Checksums only where the API requires them: many S3-compatible services refuse the aws-chunked bodies the
    // SDK would otherwise send with a trailing checksum.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = opts.bucket;

  const head = async (key: string) => {
    try {
      const h = await client.send(new HeadObjectCommand({ Bucket, Key: assertKey(key) }));
      return { size: h.ContentLength ?? 0, etag: h.ETag ?? '', lastModified: h.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  };

  async function* list(prefix: string) {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: assertPrefix(prefix), ContinuationToken }),
      );
      for (const o of page.Contents ?? [])
        if (o.Key) yield { key: o.Key, size: o.Size ?? 0, lastModified: o.LastModified ?? new Date(0) };
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    kind: 's3',
    async put(key, body, putOpts) {
      const Key = assertKey(key);
      const ContentType = putOpts?.contentType;
      if (body instanceof Uint8Array) {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentType }));
        return;
      }
      // A stream of unknown length: a multipart upload, which the store shows only once completed (and aborts
      // on failure), so a failed write never replaces the object already there.
      await new Upload({
        client,
        params: { Bucket, Key, Body: body, ContentType },
        partSize: PART_BYTES,
        queueSize: 2,
        leavePartsOnError: false,
      }).done();
    },
    async get(key) {
      try {
        const o = await client.send(new GetObjectCommand({ Bucket, Key: assertKey(key) }));
        return Buffer.from(await o.Body!.transformToByteArray());
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async open(key, range) {
      try {
        const o = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: assertKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return o.Body as Readable;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    head,
    exists: async (key) => (await head(key)) !== null,
    size: async (key) => (await head(key))?.size ?? null,
    async move(from, to) {
      // Copying replaces the target in one step (an S3 write is atomic for readers); the source goes after.
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: assertKey(to),
          CopySource: `${Bucket}/${assertKey(from).split('/').map(encodeURIComponent).join('/')}`,
        }),
      );
      await client.send(new DeleteObjectCommand({ Bucket, Key: from }));
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertKey(key) }));
    },
    async deletePrefix(prefix, delOpts) {
      let count = 0;
      let batch: string[] = [];
      const flush = async () => {
        if (!batch.length) return;
        const out = await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        if (out.Errors?.length)
          throw new Error(
            `${out.Errors.length} objects under ${prefix} could not be deleted: ${out.Errors[0]!.Message}`,
          );
        count += batch.length;
        batch = [];
      };
      for await (const o of list(prefix)) {
        if (delOpts?.keep?.has(o.key)) continue;
        batch.push(o.key);
        if (batch.length >= DELETE_BATCH) await flush();
      }
      await flush();
      return count;
    },
    list,
    url: fileUrlOf,
    localPath: () => null,
    signedUrl: (key, s) =>
      getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: assertKey(key),
          ResponseContentType: s.contentType,
          ResponseContentDisposition: s.contentDisposition,
          ResponseCacheControl: 'private, no-store',
        }),
        { expiresIn: s.expiresInSeconds },
      ),
  };
}
