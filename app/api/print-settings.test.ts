import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createCatalog, loadCatalogById } from '../../server/catalogs/index.ts';
import { sampleCatalog } from '../../scripts/testing/sample-catalog.ts';
import { registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';

// Issue 28: the catalog's print settings (bleed, marks, colour bars, slug, safe margin) saved through
// PUT /api/v1/catalogs/{id}/settings, as the print preview's Print settings card saves them.
let server: TestServer;
let owner: Awaited<ReturnType<typeof registeredClient>>;
let other: Awaited<ReturnType<typeof registeredClient>>;
let catalogId: string;

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  owner = await registeredClient(server.url, 'print-settings@example.com');
  other = await registeredClient(server.url, 'print-settings-other@example.com');
  const [u] = await server.runtime.db
    .select()
    .from(users)
    .where(eq(users.email, 'print-settings@example.com'));
  const doc = sampleCatalog({ products: 2, perPage: 2, imageUrl: () => 'https://example.com/p.jpg' });
  catalogId = (await createCatalog({ db: server.runtime.db, ownerId: u!.id, input: { catalog: doc } }))
    .catalog._id;
});
afterAll(() => server?.close());

const PRINT = {
  bleed_mm: 5,
  crop_marks: false,
  registration_marks: true,
  color_bars: true,
  slug: true,
  safe_margin_mm: 8,
};

describe('PUT /api/v1/catalogs/{id}/settings with print settings', () => {
  it('answers the defaults, then keeps what is saved in the catalog the exports read', async () => {
    const before = await (await owner.get(`/api/v1/catalogs/${catalogId}/settings`)).json();
    expect(before.settings.print).toEqual({
      bleed_mm: null,
      crop_marks: true,
      registration_marks: false,
      color_bars: false,
      slug: false,
      safe_margin_mm: 5,
    });
    const res = await owner.put(`/api/v1/catalogs/${catalogId}/settings`, { print: PRINT });
    expect(res.status).toBe(200);
    expect((await res.json()).settings.print).toEqual(PRINT);
    const stored = await loadCatalogById({ db: server.runtime.db, catalogId });
    expect(stored!.catalog.settings.print).toEqual(PRINT);
    // Back to the page size's usual bleed.
    const reset = await owner.put(`/api/v1/catalogs/${catalogId}/settings`, {
      print: { ...PRINT, bleed_mm: null },
    });
    expect((await reset.json()).settings.print.bleed_mm).toBeNull();
  });

  it('refuses a bleed or safe margin out of range, or an unknown field, and keeps what was stored', async () => {
    for (const print of [
      { ...PRINT, bleed_mm: 11 },
      { ...PRINT, bleed_mm: -1 },
      { ...PRINT, safe_margin_mm: 31 },
      { ...PRINT, crop_marks: 'yes' },
      { ...PRINT, trim_mm: 2 },
    ]) {
      const res = await owner.put(`/api/v1/catalogs/${catalogId}/settings`, { print });
      expect(res.status, JSON.stringify(print)).toBe(400);
    }
    const stored = await loadCatalogById({ db: server.runtime.db, catalogId });
    expect(stored!.catalog.settings.print).toEqual({ ...PRINT, bleed_mm: null });
  });

  it("answers 404 for another owner's catalog and changes nothing", async () => {
    const res = await other.put(`/api/v1/catalogs/${catalogId}/settings`, {
      print: { ...PRINT, slug: false },
    });
    expect(res.status).toBe(404);
    const stored = await loadCatalogById({ db: server.runtime.db, catalogId });
    expect(stored!.catalog.settings.print.slug).toBe(true);
  });
});
