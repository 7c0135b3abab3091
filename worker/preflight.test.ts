import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createImageElement,
  createPage,
  createTextElement,
  getDefaultLayout,
  sequentialIds,
} from '../core/layouts/index.ts';
import type { Catalog } from '../core/model/index.ts';
import { preflightLine, type PreflightReport } from '../core/preflight/index.ts';
import {
  createCatalog,
  getJobStatus,
  requestCatalogPdf,
  requestCatalogPreflight,
} from '../server/catalogs/index.ts';
import type { User } from '../server/accounts/index.ts';
import { openRenderHarness, type RenderHarness } from '../scripts/testing/render-harness.ts';
import { sampleCatalog, sampleProductImage } from '../scripts/testing/sample-catalog.ts';

// Issue 28 'Done when': the preflight finds every planted problem of a test catalog (a low-resolution picture,
// text overflowing its cell, a missing picture) and none in a clean one, on demand and with an export.
let h: RenderHarness;
let owner: User;
let good: string[];
let coverUrl: string;

beforeAll(async () => {
  h = await openRenderHarness();
  owner = await h.owner('preflight@example.com');
  good = [];
  for (let i = 0; i < 4; i++)
    good.push(await h.stored(`img/good${i}.jpg`, await sampleProductImage(i, 2000)));
  coverUrl = await h.stored('img/cover.jpg', await sampleProductImage(7, 2800));
}, 120_000);
afterAll(async () => {
  await h?.close();
});

/** A cover (picture, title, subtitle) and one page of four products. */
function testCatalog(opts: { pictures: (string | null)[]; subtitle?: string }): Catalog {
  const doc = sampleCatalog({ products: 4, perPage: 4, imageUrl: (i) => opts.pictures[i] ?? null });
  const ids = sequentialIds('c');
  const cover = createPage({ layout: getDefaultLayout('front cover'), newId: ids });
  cover.elements[0] = { ...createImageElement('cover-pic', coverUrl), size: 'cover' };
  cover.elements[1] = createTextElement('cover-title', '<h1>Fall Line Sheet</h1>');
  cover.elements[2] = createTextElement('cover-subtitle', opts.subtitle ?? '<p>Wholesale 2027</p>');
  doc.pages.unshift(cover);
  doc.title = 'Fall Line Sheet';
  return doc;
}

async function preflightOf(catalog: Catalog): Promise<{ report: PreflightReport; catalogId: string }> {
  const catalogId = (await createCatalog({ db: h.db, ownerId: owner.id, input: { catalog } })).catalog._id;
  const { job_id } = await requestCatalogPreflight({ db: h.db, jobs: h.queue, user: owner, catalogId });
  const job = await h.waitFor(job_id, ['complete', 'failed'], 120_000);
  expect(job.state, job.error ?? '').toBe('complete');
  const status = await getJobStatus({ jobs: h.queue, user: owner, jobId: job_id });
  return { report: status.preflight!, catalogId };
}

describe('preflight (issue 28 item 4)', () => {
  it('finds nothing in a clean catalog', async () => {
    const { report } = await preflightOf(testCatalog({ pictures: good }));
    expect(report.items.map((i) => preflightLine(i))).toEqual([]);
    expect(report).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('finds every planted problem, on its page and element, on demand and with an export', async () => {
    const lowRes = await h.stored('img/low.jpg', await sampleProductImage(1, 120));
    const planted = testCatalog({
      pictures: [good[0]!, lowRes, `${good[2]!.replace('good2', 'gone')}`, good[3]!],
      subtitle: `<p>${'Every piece made to order in our workshop, shipped within the week. '.repeat(150)}</p>`,
    });
    const { report, catalogId } = await preflightOf(planted);
    const lines = report.items.map((i) => preflightLine(i));
    expect(lines).toEqual([
      expect.stringMatching(/^page 1, element 3: text overflows its cell by \d+(\.\d)? mm$/),
      expect.stringMatching(/^page 2, element 2: picture \d+ dpi at placed size$/),
      'page 2, element 3: picture missing',
    ]);
    expect(report.items.map((i) => [i.severity, i.elementId])).toEqual([
      ['error', 'cover-subtitle'],
      ['error', planted.pages[1]!.elements[1]!.id],
      ['error', planted.pages[1]!.elements[2]!.id],
    ]);
    expect(report.items.every((i) => i.pageId === planted.pages[(i.page ?? 0) - 1]!.id)).toBe(true);
    expect(Number(report.items[1]!.values.dpi)).toBeLessThan(150);

    // The export measures its own layout: the same report comes with the finished PDF.
    const { job_id } = await requestCatalogPdf({
      db: h.db,
      jobs: h.queue,
      user: owner,
      catalogId,
      output: 'pdfx',
    });
    const job = await h.waitFor(job_id, ['complete', 'failed'], 180_000);
    expect(job.state, job.error ?? '').toBe('complete');
    const status = await getJobStatus({ jobs: h.queue, user: owner, jobId: job_id });
    expect(status.preflight?.items.map((i) => preflightLine(i))).toEqual(lines);
  });
});
