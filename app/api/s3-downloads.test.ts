import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../db/schema.ts';
import { startS3Server, type TestS3Server } from '../../scripts/testing/s3-server.ts';
import { FROM_APP, startTestServer, type TestServer } from '../../scripts/testing/server.ts';
import { publishCatalog, type Published } from '../../scripts/testing/viewer-fixtures.ts';

// Files in an S3 bucket (its own local S3 server, whatever S3_TEST says): served through the app and the viewer
// with the same checks, and large PDFs handed out as short-lived signed URLs of the private bucket after them.

let s3: TestS3Server;
let server: TestServer;
let bucket: string;
let paid: Published;
let trial: Published;
const PDF = Buffer.from('%PDF-1.7 '.padEnd(4000, 'x'));

async function givePdf(p: Published) {
  const key = `pdf/${p.catalogId}/file.pdf`;
  await server.runtime.storage.put(key, PDF, { contentType: 'application/pdf' });
  await server.runtime.db
    .update(catalogs)
    .set({ pdfUrl: `${server.runtime.storage.url(key)}?v=1` })
    .where(eq(catalogs.id, p.catalogId));
  return key;
}

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = s3.createBucket();
  server = await startTestServer({ ...s3.env(bucket), S3_SIGNED_DOWNLOAD_BYTES: '1000', WORKER: 'off' });
  paid = await publishCatalog(server, {
    email: 's3-paid@example.com',
    plan: 'BUSINESS',
    products: 2,
    pictures: 1,
  });
  trial = await publishCatalog(server, { email: 's3-trial@example.com', products: 2 });
  await givePdf(paid);
  await givePdf(trial);
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
});

describe('files in an S3 bucket', () => {
  it('are objects of the bucket, served by the app with the headers of local files', async () => {
    const keys = [...s3.objects(bucket).keys()];
    expect(keys).toContain(`pdf/${paid.catalogId}/file.pdf`);
    const picture = keys.find((k) => k.startsWith('img/'))!;
    const res = await fetch(`${server.url}/files/${picture}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect((await fetch(`${server.url}/files/pdf/${paid.catalogId}/file.pdf`)).status).toBe(404);
    // Nothing of the bucket is public.
    expect((await fetch(`${s3.endpoint}/${bucket}/${picture}`)).status).toBe(403);
  });

  it('hands a large PDF out as a short-lived signed URL, only after the same checks', async () => {
    const res = await paid.client.get(`/api/v1/catalogs/${paid.catalogId}/download`, FROM_APP);
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const signed = res.headers.get('location')!;
    expect(signed.startsWith(`${s3.endpoint}/${bucket}/pdf/${paid.catalogId}/file.pdf?`)).toBe(true);
    expect(signed).toMatch(/X-Amz-Expires=300/);
    const file = await fetch(signed);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Spring-Line.pdf"');
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    const print = await paid.client.get(`/api/v1/catalogs/${paid.catalogId}/print`, FROM_APP);
    expect(print.status).toBe(302);
    expect((await fetch(print.headers.get('location')!)).headers.get('content-disposition')).toMatch(
      /^inline;/,
    );
    // Trial accounts get no link at all (SPEC §6), another merchant's catalog is a 404.
    expect((await trial.client.get(`/api/v1/catalogs/${trial.catalogId}/download`, FROM_APP)).status).toBe(
      403,
    );
    expect((await trial.client.get(`/api/v1/catalogs/${paid.catalogId}/download`, FROM_APP)).status).toBe(
      404,
    );
  });

  it("the viewer's PDF link redirects to a signed URL too; a trial catalog's is refused", async () => {
    const res = await fetch(`${server.url}/view/${paid.catalogId}/pdf`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const file = await fetch(res.headers.get('location')!);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await fetch(`${server.url}/view/${trial.catalogId}/pdf`, { redirect: 'manual' })).status).toBe(
      403,
    );
  });
});
