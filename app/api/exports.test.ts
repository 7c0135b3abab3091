import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs, events } from '../../db/schema.ts';
import { decodeSymbols, pdfInfo, pdfText, qpdfCheck } from '../../scripts/testing/pdf-tools.ts';
import {
  CODES_CAPTION,
  sampleCatalog,
  sampleEan13,
  sampleProductImage,
} from '../../scripts/testing/sample-catalog.ts';
import { client, FROM_APP, startTestServer, type TestServer } from '../../scripts/testing/server.ts';
import { createCatalog } from '../../server/catalogs/index.ts';
import { keyFromUrl } from '../../server/files/index.ts';
import { setUpgradeByEmail } from '../../server/billing/index.ts';

let server: TestServer;
let images: http.Server;
let imagesUrl: string;
let internalHits = 0;

beforeAll(async () => {
  // Product pictures on a store's server: here a local one, which the SSRF guard lets through only because
  // the test says so in code.
  const remote = await sampleProductImage(99, 800, 'webp');
  images = http.createServer((req, res) => {
    if (req.url === '/internal.png') internalHits++;
    if (req.url === '/remote.webp') res.writeHead(200, { 'Content-Type': 'image/webp' }).end(remote);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => images.listen(0, '127.0.0.1', r));
  imagesUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  server = await startTestServer(
    {},
    { worker: { pollMs: 100, fetchOptions: { allowPrivateAddresses: true } } },
  );
});
afterAll(async () => {
  await server?.close();
  await new Promise((r) => images?.close(r));
});

async function signUp(email: string, opts: { paid: boolean }) {
  const c = client(server.url);
  const res = await c.post('/auth/register', {
    email,
    password: 'correct-horse',
    confirmPassword: 'correct-horse',
    businessName: 'Maison Nord',
    shopUrl: 'https://maison.example',
  });
  expect(res.status).toBe(200);
  const { user } = await res.json();
  if (opts.paid) await setUpgradeByEmail({ db: server.runtime.db, email, upgrade: true });
  return { c, userId: user._id as string };
}

/** A catalog of `products` products whose pictures are in our storage, the last one on the store's server. */
async function makeCatalog(ownerId: string, products: number, caption = CODES_CAPTION) {
  const { storage } = server.runtime;
  const urls: string[] = [];
  for (let i = 0; i < products - 1; i++) {
    const key = `img/test-${ownerId.slice(0, 8)}-${i}.jpg`;
    await storage.put(key, await sampleProductImage(i), { contentType: 'image/jpeg' });
    urls.push(storage.url(key));
  }
  urls.push(`${imagesUrl}/remote.webp`);
  const doc = sampleCatalog({ products, imageUrl: (i) => urls[i] ?? null, caption });
  const { catalog } = await createCatalog({ db: server.runtime.db, ownerId, input: { catalog: doc } });
  return catalog;
}

type JobAnswer = {
  job_state: string;
  progress: { done: number; total: number };
  url?: string;
  message?: string;
};

async function waitForJob(c: ReturnType<typeof client>, jobId: string) {
  const seen = new Set<string>();
  for (let i = 0; i < 600; i++) {
    const res = await c.get(`/api/v1/jobs?jobId=${jobId}`);
    expect(res.status).toBe(200);
    const job = (await res.json()) as JobAnswer;
    seen.add(job.job_state);
    if (job.job_state !== 'pending') return { job, seen };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the job did not finish');
}

async function download(c: ReturnType<typeof client>, catalogId: string): Promise<Buffer> {
  const res = await c.get(`/api/v1/catalogs/${catalogId}/download`, { Accept: 'application/pdf' });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Sample-Catalog\.pdf"$/);
  return Buffer.from(await res.arrayBuffer());
}

describe('PDF export (SPEC §4 Rendering and download, §7)', () => {
  let paid: Awaited<ReturnType<typeof signUp>>;
  let catalogId: string;

  beforeAll(async () => {
    paid = await signUp('printer@example.com', { paid: true });
    catalogId = (await makeCatalog(paid.userId, 12))._id;
  });

  it('answers 404 for the PDF link until a PDF exists, 401 without a session, 403 from a bare link', async () => {
    const res = await paid.c.get(`/api/v1/catalogs/${catalogId}/download?url=1`);
    expect(res.status).toBe(404);
    expect((await client(server.url).get(`/api/v1/catalogs/${catalogId}/generate`, FROM_APP)).status).toBe(
      401,
    );
    // Generating changes state (SPEC §7 makes it a GET): a link followed without Sec-Fetch-Site or Origin.
    const bare = await paid.c.get(`/api/v1/catalogs/${catalogId}/generate`);
    expect(bare.status).toBe(403);
    expect((await bare.json()).message).toBe('This request must come from Catalog Builder itself.');
  });

  it('generates the whole catalog as a print-ready A4 PDF', async () => {
    const start = await paid.c.get(`/api/v1/catalogs/${catalogId}/generate`, FROM_APP);
    expect(start.status).toBe(200);
    const { job_id } = await start.json();
    expect(job_id).toMatch(/^[0-9a-f-]{36}$/);
    const { job, seen } = await waitForJob(paid.c, job_id);
    expect(job.job_state).toBe('complete');
    expect([...seen].every((s) => s === 'pending' || s === 'complete')).toBe(true);
    expect(job.progress).toEqual({ done: 2, total: 2 });

    const pdf = await download(paid.c, catalogId);
    const check = qpdfCheck(pdf);
    expect(check.ok, check.output).toBe(true);
    const info = pdfInfo(pdf);
    expect(info.pages).toBe(2);
    // A4: 210 × 297 mm.
    expect(info.widthPt).toBeCloseTo(595.3, 0);
    expect(info.heightPt).toBeCloseTo(841.9, 0);
    const text = pdfText(pdf);
    expect(text).toContain('Linen Shirt 1');
    expect(text).toContain('Brass Lamp 12');
    expect(text).toContain('SKU-1000');
    expect(text).toMatch(/19[.,]50/);
    expect(text).not.toContain('PLEASE UPGRADE');

    const symbols = decodeSymbols(pdf, { first: 1, last: 1 });
    expect(symbols).toContain(`EAN-13:${sampleEan13(0)}`);
    expect(symbols).toContain(`EAN-13:${sampleEan13(8)}`);
    expect(symbols).toContain('QR-Code:https://shop.example.com/products/p4');
  });

  it('answers the PDF link and counts the download', async () => {
    const res = await paid.c.get(`/api/v1/catalogs/${catalogId}/download?url=1`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.url).toMatch(new RegExp(`^/api/v1/catalogs/${catalogId}/download\\?v=\\w+$`));
    const file = await paid.c.get(body.url, { Accept: 'application/pdf' });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const [row] = await server.runtime.db.select().from(catalogs).where(eq(catalogs.id, catalogId));
    expect(row!.downloadNumber).toBe(1);
    // The catalog itself names the same checked link, never the stored file.
    expect((await (await paid.c.get(`/api/v1/catalogs/${catalogId}`)).json()).data.url).toBe(body.url);
  });

  it('shows the PDF in the browser to print it', async () => {
    const res = await paid.c.get(`/api/v1/catalogs/${catalogId}/print`, { Accept: 'application/pdf' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('inline; filename="Sample-Catalog.pdf"');
    expect(pdfInfo(Buffer.from(await res.arrayBuffer())).pages).toBe(2);
  });

  it('exports an unchanged catalog again from the measured layout, with the same pages and codes', async () => {
    const { job_id } = await (await paid.c.get(`/api/v1/catalogs/${catalogId}/generate`, FROM_APP)).json();
    expect((await waitForJob(paid.c, job_id)).job.job_state).toBe('complete');
    const pdf = await download(paid.c, catalogId);
    expect(qpdfCheck(pdf).ok).toBe(true);
    expect(pdfInfo(pdf).pages).toBe(2);
    expect(pdfText(pdf)).toContain('Brass Lamp 12');
    expect(decodeSymbols(pdf, { first: 2, last: 2 })).toContain(`EAN-13:${sampleEan13(11)}`);
  });

  it('prints in the chosen page format (Letter, Letter booklet landscape)', async () => {
    for (const [format, w, h] of [
      ['Letter', 612.3, 790.9],
      ['Letter_booklet', 790.9, 306.1],
    ] as const) {
      const { job_id } = await (
        await paid.c.get(`/api/v1/catalogs/${catalogId}/generate?format=${format}`, FROM_APP)
      ).json();
      expect((await waitForJob(paid.c, job_id)).job.job_state).toBe('complete');
      const info = pdfInfo(await download(paid.c, catalogId));
      expect(info.widthPt).toBeCloseTo(w, 0);
      expect(info.heightPt).toBeCloseTo(h, 0);
    }
  });

  it("keeps another owner's catalog and jobs out of reach (404)", async () => {
    const other = await signUp('someone-else@example.com', { paid: true });
    expect((await other.c.get(`/api/v1/catalogs/${catalogId}/generate`, FROM_APP)).status).toBe(404);
    expect((await other.c.get(`/api/v1/catalogs/${catalogId}/download`)).status).toBe(404);
    const { job_id } = await (
      await paid.c.get(`/api/v1/catalogs/${catalogId}/generate?quality=screen`, FROM_APP)
    ).json();
    expect((await other.c.get(`/api/v1/jobs?jobId=${job_id}`)).status).toBe(404);
    expect((await other.c.get('/api/v1/jobs?jobId=not-a-job')).status).toBe(404);
    await waitForJob(paid.c, job_id);
  });

  it('loads nothing from the network while printing, even a picture put in a caption by address', async () => {
    const caption = `<p>[TITLE]</p><p><img src="${imagesUrl}/internal.png" alt=""></p>`;
    const catalog = await makeCatalog(paid.userId, 3, caption);
    const { job_id } = await (await paid.c.get(`/api/v1/catalogs/${catalog._id}/generate`, FROM_APP)).json();
    expect((await waitForJob(paid.c, job_id)).job.job_state).toBe('complete');
    expect(internalHits).toBe(0);
    expect(pdfText(await download(paid.c, catalog._id))).toContain('Leather Tote 3');
  });

  it('reports a failed generation with the SPEC §8 message', async () => {
    const job = await server.runtime.jobs.enqueue(
      'render-pdf',
      { catalogId: '6f1c2b1e-0000-4000-8000-000000000000' },
      { ownerId: paid.userId },
    );
    const { job: done } = await waitForJob(paid.c, job.id);
    expect(done.job_state).toBe('failed');
    expect(done.message).toBe(
      'An error occurred while generating your catalog. Please check that all of your products have images, then retry.',
    );
    const recorded = await server.runtime.db
      .select()
      .from(events)
      .where(eq(events.type, 'pdf_generation_failed'));
    expect(recorded.map((e) => e.data)).toEqual([
      expect.objectContaining({ catalogId: '6f1c2b1e-0000-4000-8000-000000000000', jobId: job.id }),
    ]);
  });
});

describe('trial accounts (SPEC §6)', () => {
  it('get a watermark on every page and cannot download the PDF (403, plan message)', async () => {
    const trial = await signUp('trial@example.com', { paid: false });
    const catalog = await makeCatalog(trial.userId, 10);
    const { job_id } = await (await trial.c.get(`/api/v1/catalogs/${catalog._id}/generate`, FROM_APP)).json();
    expect((await waitForJob(trial.c, job_id)).job.job_state).toBe('complete');

    for (const path of [
      `/api/v1/catalogs/${catalog._id}/download`,
      `/api/v1/catalogs/${catalog._id}/download?url=1`,
      `/api/v1/catalogs/${catalog._id}/print`,
    ]) {
      const res = await trial.c.get(path);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'forbidden', message: 'Please upgrade to use this feature' });
    }
    // No other way to the file: the links the job and the catalog give lead to the same refusal, and the
    // stored file is not served.
    const status = await (await trial.c.get(`/api/v1/jobs?jobId=${job_id}`)).json();
    const doc = await (await trial.c.get(`/api/v1/catalogs/${catalog._id}`)).json();
    for (const link of [status.url, doc.data.url]) {
      expect(link).toMatch(/^\/api\/v1\/catalogs\//);
      expect((await trial.c.get(link)).status).toBe(403);
    }
    const [row] = await server.runtime.db.select().from(catalogs).where(eq(catalogs.id, catalog._id));
    expect((await trial.c.get(row!.pdfUrl!)).status).toBe(404);
    expect((await fetch(server.url + row!.pdfUrl!)).status).toBe(404);
    const pdf = await server.runtime.storage.get(keyFromUrl(row!.pdfUrl!.split('?')[0]!)!);
    const pages = pdfInfo(pdf!).pages;
    expect(pages).toBe(2);
    for (let p = 1; p <= pages; p++) {
      const text = pdfText(pdf!, { first: p, last: p, raw: true }).replace(/\s+/g, '');
      expect(text).toContain('PLEASEUPGRADETOREMOVETHISWATERMARKANDDOWNLOADYOURPDF');
    }
  });
});
