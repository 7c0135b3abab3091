import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_THEMES_MAX } from '../../core/branding/index.ts';
import { savedThemes, subscriptions, users } from '../../db/schema.ts';
import { client, registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';

// Issue 24 §1 saved themes: GET/POST /api/v1/themes, DELETE /api/v1/themes/{id}.

let server: TestServer;
let owner: Awaited<ReturnType<typeof registeredClient>>;
let other: Awaited<ReturnType<typeof registeredClient>>;
let essential: Awaited<ReturnType<typeof registeredClient>>;

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

const look = (color: string) => ({
  theme: { ':root': { '--brand-primary': color }, h2: { 'font-family': '"Lora", serif' } },
  fonts: [{ family: 'Lora', weight: 400, style: 'normal', url: null }],
  font_links: [],
  priceTemplateStyle: { anchor: 'right', position: 'inside', background_color: '#ffeeaa', padding_top: 4 },
});

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  owner = await registeredClient(server.url, 'themes-owner@example.com');
  other = await registeredClient(server.url, 'themes-other@example.com');
  essential = await registeredClient(server.url, 'themes-essential@example.com');
  await onPlan('themes-owner@example.com', 'PREMIUM');
  await onPlan('themes-other@example.com', 'PREMIUM');
  // Essential has no custom themes (db/seed/plans.ts).
  await onPlan('themes-essential@example.com', 'ESSENTIAL');
});
afterAll(() => server?.close());

describe('saved themes', () => {
  it('saves a look under a name, replaces it under the same name, and lists only the owner’s', async () => {
    const first = await owner.post('/api/v1/themes', { name: '  Spring  ', look: look('#336699') });
    expect(first.status).toBe(200);
    const saved = (await first.json()).data;
    expect(saved).toMatchObject({ name: 'Spring', look: { priceTemplateStyle: { anchor: 'right' } } });
    // Defaults filled in for what the look left out.
    expect(saved.look.priceTemplateStyle.size).toBe(40);

    const again = await owner.post('/api/v1/themes', { name: 'Spring', look: look('#aa0000') });
    expect((await again.json()).data._id).toBe(saved._id);
    await owner.post('/api/v1/themes', { name: 'Autumn', look: look('#884400') });
    const list = (await (await owner.get('/api/v1/themes')).json()).data;
    expect(list.map((t: { name: string }) => t.name)).toEqual(['Autumn', 'Spring']);
    expect(list[1].look.theme[':root']['--brand-primary']).toBe('#aa0000');
    expect((await (await other.get('/api/v1/themes')).json()).data).toEqual([]);
  });

  it('refuses a nameless theme, a look that is not one, and a plan without custom themes (SPEC §6)', async () => {
    const nameless = await owner.post('/api/v1/themes', { name: '  ', look: look('#000000') });
    expect(nameless.status).toBe(400);
    expect((await nameless.json()).message).toContain('Give the theme a name');
    const css = await owner.post('/api/v1/themes', {
      name: 'CSS',
      look: { ...look('#000000'), custom_css: 'x' },
    });
    expect(css.status).toBe(400);
    const badTheme = await owner.post('/api/v1/themes', { name: 'Bad', look: { theme: { h1: 'red' } } });
    expect(badTheme.status).toBe(400);
    const gated = await essential.post('/api/v1/themes', { name: 'Essential', look: look('#000000') });
    expect(gated.status).toBe(403);
    expect((await gated.json()).message).toBe('Please upgrade to use this feature');
    expect((await client(server.url).get('/api/v1/themes')).status).toBe(401);
  });

  it(`keeps at most ${SAVED_THEMES_MAX} a merchant`, async () => {
    const many = await registeredClient(server.url, 'themes-many@example.com');
    const id = await onPlan('themes-many@example.com', 'PREMIUM');
    await server.runtime.db.insert(savedThemes).values(
      Array.from({ length: SAVED_THEMES_MAX }, (_, i) => ({
        ownerId: id,
        name: `T${i}`,
        look: look('#000000'),
      })),
    );
    const over = await many.post('/api/v1/themes', { name: 'One more', look: look('#000000') });
    expect(over.status).toBe(400);
    expect((await over.json()).message).toBe(
      `You can keep up to ${SAVED_THEMES_MAX} saved themes. Delete one to save another.`,
    );
    // Replacing one it has is still fine.
    expect((await many.post('/api/v1/themes', { name: 'T3', look: look('#123456') })).status).toBe(200);
  });

  it('deletes the owner’s theme; another merchant’s id or a malformed one is 404', async () => {
    const [spring] = (await (await owner.get('/api/v1/themes')).json()).data.filter(
      (t: { name: string }) => t.name === 'Spring',
    );
    expect((await other.del(`/api/v1/themes/${spring._id}`)).status).toBe(404);
    expect((await owner.del('/api/v1/themes/not-a-uuid')).status).toBe(404);
    expect((await owner.del(`/api/v1/themes/${spring._id}`)).status).toBe(200);
    expect((await owner.del(`/api/v1/themes/${spring._id}`)).status).toBe(404);
    const names = (await (await owner.get('/api/v1/themes')).json()).data.map(
      (t: { name: string }) => t.name,
    );
    expect(names).toEqual(['Autumn']);
  });
});
