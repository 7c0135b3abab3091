// Which storage the test suites run on. By default local disk (DATA_DIR/files), as `npm start` runs; with S3_TEST=1
// a bucket of a local S3-compatible server (scripts/testing/s3-server.ts, one per test process, started on first
// use), through the same S3_* settings production uses, so the file, export and picture suites run on both.
import { startS3Server, type TestS3Server } from './s3-server.ts';

let shared: Promise<TestS3Server> | null = null;

/** This test process's S3 server (one per process, never stopped: it dies with the process). */
export function sharedS3Server(): Promise<TestS3Server> {
  shared ??= startS3Server({ unref: true });
  return shared;
}

export const S3_TEST = process.env.S3_TEST === '1';

/** The S3_* settings of a new bucket when the suites run on S3 (S3_TEST=1), else none. */
export async function testStorageEnv(): Promise<Record<string, string>> {
  if (!S3_TEST) return {};
  const server = await sharedS3Server();
  return server.env(server.createBucket());
}
