import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESSENTIAL_TEMPLATE_IDS } from '../../core/constants.ts';
import { fontOf } from '../../core/branding/index.ts';
import { STARTER_TEMPLATES } from '../../core/builder/index.ts';
import { catalogs, subscriptions, users } from '../../db/schema.ts';
import { seedStarterTemplates, TEMPLATE_OWNER_EMAIL, wizardChoices } from '../../server/catalogs/index.ts';
import { client, registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';

// Issue 24 §5: the eight starter template catalogs, seeded at start-up, offered by the wizard with their covers,
// the Essential plan's five open to it (SPEC §9).

let server: TestServer;
let essential: Awaited<ReturnType<typeof registeredClient>>;
let business: Awaited<ReturnType<typeof registeredClient>>;
const ids: Record<string, string> = {};

async function onPlan(email: string, planId: string) {
  const [u] = await server.runtime.db.select().from(users).where(eq(users.email, email));
  await server.runtime.db.insert(subscriptions).values({
    userId: u!.id,
    planId,
    type: 'manual',
    title: planId,
    startDate: new Date(),
    durationDays: 365,
  });
  return u!.id;
}

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  essential = await registeredClient(server.url, 'starter-essential@example.com');
  business = await registeredClient(server.url, 'starter-business@example.com');
  await onPlan('starter-essential@example.com', 'ESSENTIAL');
  await onPlan('starter-business@example.com', 'BUSINESS');
});
afterAll(() => server?.close());

describe('starter template catalogs', () => {
  it('seeds the eight once, as published templates of an account that cannot sign in', async () => {
    const first = await seedStarterTemplates(server.runtime.db);
    expect(first.created).toEqual(STARTER_TEMPLATES.map((t) => t.slug));
    expect(first.created).toHaveLength(8);
    expect((await seedStarterTemplates(server.runtime.db)).created).toEqual([]);
    const rows = await server.runtime.db.select().from(catalogs).where(eq(catalogs.isTemplate, true));
    expect(rows).toHaveLength(8);
    for (const row of rows) {
      ids[row.slug!] = row.id;
      expect(row.published).toBe(true);
      expect(row.pageCount).toBeGreaterThan(0);
    }
    const [owner] = await server.runtime.db.select().from(users).where(eq(users.email, TEMPLATE_OWNER_EMAIL));
    expect(owner!.passwordHash).toBeNull();
    const login = await client(server.url).post('/auth/login', { email: TEMPLATE_OWNER_EMAIL, password: '' });
    expect(login.status).toBe(401);
  });

  it('keeps a template staff edited: a seed again changes nothing', async () => {
    await server.runtime.db
      .update(catalogs)
      .set({ title: 'Our own minimal' })
      .where(eq(catalogs.id, ids['template-minimal']!));
    await seedStarterTemplates(server.runtime.db);
    const [row] = await server.runtime.db
      .select()
      .from(catalogs)
      .where(eq(catalogs.id, ids['template-minimal']!));
    expect(row!.title).toBe('Our own minimal');
  });

  it('offers them in the wizard with their first page, the Essential plan its five only', async () => {
    const [u] = await server.runtime.db
      .select()
      .from(users)
      .where(eq(users.email, 'starter-essential@example.com'));
    const choices = await wizardChoices({ db: server.runtime.db, ownerId: u!.id });
    expect(choices.templates).toHaveLength(8);
    for (const tpl of choices.templates) {
      expect(tpl.cover?.pages.length).toBe(1);
      expect(tpl.gate.kind === 'open').toBe(
        (ESSENTIAL_TEMPLATE_IDS as readonly string[]).includes(tpl.slug!),
      );
    }
  });

  it('copies a template with its own look; Essential may start from its five only', async () => {
    const lookbook = await essential.post(`/api/v1/catalogs/${ids['template-lookbook']}/copy`);
    expect(lookbook.status).toBe(200);
    const copy = (await lookbook.json()).data;
    expect(fontOf(copy.theme, 'headings')).toBe('Cormorant Garamond');
    expect(copy.priceTemplateStyle).toMatchObject({ position: 'inside' });
    const tear = await essential.post(`/api/v1/catalogs/${ids['template-tear-sheet']}/copy`);
    expect(tear.status).toBe(403);
    expect((await tear.json()).message).toBe('Please upgrade to use this feature');
    const promo = await business.post(`/api/v1/catalogs/${ids['template-seasonal-promotion']}/copy`);
    expect(promo.status).toBe(200);
    expect((await promo.json()).data.theme[':root']['--brand-background']).toBe('#fff7ed');
  });

  it("swaps the sample products for the merchant's own, keeping the look; without products, the samples stay", async () => {
    const tpl = ids['template-product-catalog']!;
    const titles = (c: { pages: { elements: { type: string; properties: { title?: string } }[] }[] }) =>
      c.pages.flatMap((p) =>
        p.elements.flatMap((e) => (e.type === 'application/product' ? [e.properties.title] : [])),
      );
    // A plain copy (no ownProducts) is the template as it is.
    const source = (await (await business.post(`/api/v1/catalogs/${tpl}/copy`)).json()).data;
    expect(titles(source).length).toBeGreaterThan(3);
    // No products yet: the samples stay.
    const before = await business.post(`/api/v1/catalogs/${tpl}/copy`, { ownProducts: {} });
    expect(before.status).toBe(200);
    expect(titles((await before.json()).data)).toEqual(titles(source));

    const mine = ['Wool Coat', 'Silk Tie', 'Canvas Bag'].map((title, i) => ({
      title,
      price: 40 + i,
      category: i === 1 ? 'Ties' : 'Outerwear',
      external_id: `csv:own-${i}`,
      source: 'csv',
    }));
    expect((await business.post('/api/v1/listings', mine)).status).toBe(200);
    const res = await business.post(`/api/v1/catalogs/${tpl}/copy`, { title: 'My look', ownProducts: {} });
    expect(res.status).toBe(200);
    const copy = (await res.json()).data;
    // Every product, in the listings' default order (by title), in the template's cells, with its look.
    expect(titles(copy)).toEqual(['Canvas Bag', 'Silk Tie', 'Wool Coat']);
    expect(copy.title).toBe('My look');
    expect(copy.theme).toEqual(source.theme);
    expect(copy.fonts).toEqual(source.fonts);
    expect(copy.priceTemplate).toBe(source.priceTemplate);
    expect(copy.pages[0].layout).toEqual(source.pages[0].layout);
    // The wizard's selection: these categories only.
    const ties = await business.post(`/api/v1/catalogs/${tpl}/copy`, {
      ownProducts: { categories: ['Ties'] },
    });
    expect(titles((await ties.json()).data)).toEqual(['Silk Tie']);
    // With products, a plain copy still keeps the samples.
    const plain = await business.post(`/api/v1/catalogs/${tpl}/copy`);
    expect(titles((await plain.json()).data)).toEqual(titles(source));
  });
});
