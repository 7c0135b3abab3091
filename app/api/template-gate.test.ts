import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs, subscriptions, users } from '../../db/schema.ts';
import { registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';

let server: TestServer;
let essential: Awaited<ReturnType<typeof registeredClient>>;
let business: Awaited<ReturnType<typeof registeredClient>>;
const templates: Record<string, string> = {};

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
}

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  const author = await registeredClient(server.url, 'template-author@example.com');
  // Staff's template catalogs; SPEC §9's five Essential template ids are the slugs staff give them.
  for (const [key, slug] of [
    ['essential', 'template-line-sheet'],
    ['other', 'template-fashion-lookbook-deluxe'],
  ] as const) {
    const id = (await (await author.post('/api/v1/catalogs', { title: `Template ${key}` })).json()).data._id;
    await server.runtime.db.update(catalogs).set({ isTemplate: true, slug }).where(eq(catalogs.id, id));
    templates[key] = id;
  }
  essential = await registeredClient(server.url, 'essential-templates@example.com');
  business = await registeredClient(server.url, 'business-templates@example.com');
  await onPlan('essential-templates@example.com', 'ESSENTIAL');
  await onPlan('business-templates@example.com', 'BUSINESS');
});
afterAll(() => server?.close());

describe('the Essential templates (SPEC §9) when starting from a template', () => {
  it('lets the Essential plan copy one of the five Essential templates only', async () => {
    expect((await essential.post(`/api/v1/catalogs/${templates.essential}/copy`)).status).toBe(200);
    const refused = await essential.post(`/api/v1/catalogs/${templates.other}/copy`);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe('Please upgrade to use this feature');
  });

  it('lets the plans above Essential copy any template', async () => {
    expect((await business.post(`/api/v1/catalogs/${templates.other}/copy`)).status).toBe(200);
  });
});
