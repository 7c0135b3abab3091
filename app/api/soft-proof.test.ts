import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPage, createTextElement, getDefaultLayout, sequentialIds } from '../../core/layouts/index.ts';
import { CatalogSchema } from '../../core/model/index.ts';
import { client, startTestServer, type TestServer } from '../../scripts/testing/server.ts';
import { createCatalog } from '../../server/catalogs/index.ts';

// Issue 28 §2: the editor's soft proof of a page, a job whose pictures the endpoint serves: the page as the
// screen shows it, and converted through the print profile's CMYK and back, where a pure green (out of the
// press's gamut) comes back duller.
let server: TestServer;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  server = await startTestServer({}, { worker: { pollMs: 100 } });
  alice = await signUp('alice-proof@example.com');
  bob = await signUp('bob-proof@example.com');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function signUp(email: string) {
  const c = client(server.url);
  const res = await c.post('/auth/register', {
    email,
    password: 'correct-horse',
    confirmPassword: 'correct-horse',
    businessName: 'Maison Nord',
    shopUrl: 'https://maison.example',
  });
  expect(res.status).toBe(200);
  return { c, userId: (await res.json()).user._id as string };
}

type Status = { job_state: string; proof?: { url: string; rgbUrl: string; profile: string } };
async function finished(c: ReturnType<typeof client>, jobId: string): Promise<Status> {
  for (let i = 0; i < 600; i++) {
    const body = (await (await c.get(`/api/v1/jobs?jobId=${jobId}`)).json()) as Status;
    if (body.job_state !== 'pending') return body;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the proof did not finish');
}

const pixels = async (png: Buffer) => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

describe('POST and GET /api/v1/catalogs/{catalogId}/proof (issue 28 §2, soft proof)', () => {
  it('proofs a page through the output profile: a pure #00ff00 block comes back duller, white stays white', async () => {
    const page = createPage({ layout: getDefaultLayout('full-text'), newId: sequentialIds('p') });
    page.elements[0] = createTextElement(
      'green',
      '<p style="background-color:#00ff00;font-size:60px;line-height:3">&nbsp;</p>',
    );
    const doc = CatalogSchema.parse({ _id: 'x', title: 'Greens', pages: [page] });
    const { catalog } = await createCatalog({
      db: server.runtime.db,
      ownerId: alice.userId,
      input: { catalog: doc },
    });
    const base = `/api/v1/catalogs/${catalog._id}/proof`;
    // Nothing to show before the first proof.
    expect((await alice.c.get(`${base}?page=${page.id}`)).status).toBe(404);

    const started = await alice.c.post(`${base}?page=${page.id}`);
    expect(started.status).toBe(200);
    const done = await finished(alice.c, (await started.json()).job_id);
    expect(done.job_state).toBe('complete');
    expect(done.proof!.profile).toMatch(/FOGRA39/);
    const proofRes = await alice.c.get(done.proof!.url);
    expect(proofRes.status).toBe(200);
    expect(proofRes.headers.get('content-type')).toBe('image/png');
    const proof = await pixels(Buffer.from(await proofRes.arrayBuffer()));
    const rgb = await pixels(Buffer.from(await (await alice.c.get(done.proof!.rgbUrl)).arrayBuffer()));
    expect([proof.width, proof.height]).toEqual([rgb.width, rgb.height]);

    // Counted first, asserted after: an expect per pixel would hold the in-process server up for minutes.
    let green = 0;
    let white = 0;
    let brightGreens = 0;
    let greyWhites = 0;
    for (let i = 0; i < rgb.data.length; i += 3) {
      const [r, g, b] = [rgb.data[i]!, rgb.data[i + 1]!, rgb.data[i + 2]!];
      const [pr, pg, pb] = [proof.data[i]!, proof.data[i + 1]!, proof.data[i + 2]!];
      if (r === 0 && g === 255 && b === 0) {
        green++;
        // Out of gamut: the press's green is darker and greyer (FOGRA39: about rgb(104, 179, 50)).
        if (pg >= 215 || pr <= 40) brightGreens++;
      } else if (r === 255 && g === 255 && b === 255) {
        white++;
        // Paper white: white again, give or take the profile's paper.
        if (pr + pg + pb <= 700) greyWhites++;
      }
    }
    expect(green).toBeGreaterThan(5_000);
    expect(brightGreens).toBe(0);
    expect(greyWhites).toBe(0);
    expect(white).toBeGreaterThan(100_000);
  }, 180_000);

  it("refuses another merchant's catalog and a page the catalog lacks (404)", async () => {
    const page = createPage({ layout: getDefaultLayout('full-text'), newId: sequentialIds('q') });
    const doc = CatalogSchema.parse({ _id: 'x', title: 'Mine', pages: [page] });
    const { catalog } = await createCatalog({
      db: server.runtime.db,
      ownerId: alice.userId,
      input: { catalog: doc },
    });
    expect((await bob.c.post(`/api/v1/catalogs/${catalog._id}/proof?page=${page.id}`)).status).toBe(404);
    expect((await bob.c.get(`/api/v1/catalogs/${catalog._id}/proof?page=${page.id}`)).status).toBe(404);
    expect((await alice.c.post(`/api/v1/catalogs/${catalog._id}/proof?page=nope`)).status).toBe(404);
    expect((await alice.c.post(`/api/v1/catalogs/${catalog._id}/proof`)).status).toBe(400);
  });
});
