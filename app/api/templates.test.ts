import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffActions } from '../../db/schema.ts';
import { client, registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';

/*
 * SPEC §3 Templates, §4 Templates, §6 (non-owners copy), §7 'Templates and layouts': GET/POST
 * api/v1/pricetemplates and descriptiontemplates, PUT/DELETE by id.
 */

let server: TestServer;
let owner: Awaited<ReturnType<typeof registeredClient>>;
let other: Awaited<ReturnType<typeof registeredClient>>;
let staff: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer({
    WORKER: 'off',
    ADMIN_EMAIL: 'template-staff@example.com',
    ADMIN_PASSWORD: 'template-staff-password-1',
  });
  staff = client(server.url);
  await staff.post('/auth/login', {
    email: 'template-staff@example.com',
    password: 'template-staff-password-1',
  });
  owner = await registeredClient(server.url, 'templates@example.com');
  other = await registeredClient(server.url, 'templates-other@example.com');
});
afterAll(() => server?.close());

type T = {
  _id: string;
  title: string;
  html: string;
  owner: string | null;
  public: boolean;
  ordering: number;
};

for (const kind of ['pricetemplates', 'descriptiontemplates'] as const) {
  const base = `/api/v1/${kind}`;
  describe(base, () => {
    it('lists the seeded public templates as { data, total, count }, in their order', async () => {
      const res = await owner.get(base);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: T[]; total: number; count: number };
      expect(body.total).toBeGreaterThanOrEqual(3);
      expect(body.count).toBe(body.data.length);
      const seeded = kind === 'pricetemplates' ? 'default-title-price' : 'default-description';
      expect(body.data.map((t) => t._id)).toContain(seeded);
      const orderings = body.data.map((t) => t.ordering);
      expect(orderings).toEqual([...orderings].sort((a, b) => a - b));
      const paged = (await (await owner.get(`${base}?limit=1&page=2`)).json()) as {
        data: T[];
        count: number;
      };
      expect(paged.count).toBe(1);
      expect(paged.data[0]!._id).toBe(body.data[1]!._id);
    });

    it('creates a template of the user with SPEC §3 defaults (ordering 100, public)', async () => {
      const res = await owner.post(base, { title: 'My caption', html: '<p>[TITLE]</p>' });
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: T & { isOwner: boolean } };
      expect(data).toMatchObject({
        title: 'My caption',
        html: '<p>[TITLE]</p>',
        public: true,
        ordering: 100,
      });
      expect(data.owner).toBeTruthy();
      expect(data.isOwner).toBe(true);
      const mine = (await (await owner.get(base)).json()) as { data: T[] };
      expect(mine.data.map((t) => t._id)).toContain(data._id);
      // Another merchant never sees it in their list.
      const theirs = (await (await other.get(base)).json()) as { data: T[] };
      expect(theirs.data.map((t) => t._id)).not.toContain(data._id);
    });

    it('refuses a template without a title with the field named', async () => {
      const res = await owner.post(base, { title: '', html: '<p>x</p>' });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toContain('title');
    });

    it('lets only the owner update or delete; others copy; another owner’s private template is 404', async () => {
      const pub = (await (await owner.post(base, { title: 'Shared', html: '<p>[SKU]</p>' })).json())
        .data as T;
      const priv = (
        await (await owner.post(base, { title: 'Private', html: '<p>[SKU]</p>', public: false })).json()
      ).data as T;

      const updated = await owner.put(`${base}/${pub._id}`, { title: 'Shared v2', html: '<p>[BRAND]</p>' });
      expect(updated.status).toBe(200);
      expect((await updated.json()).data).toMatchObject({ title: 'Shared v2', html: '<p>[BRAND]</p>' });

      const notOwner = await other.put(`${base}/${pub._id}`, { title: 'Hijack', html: '' });
      expect(notOwner.status).toBe(403);
      expect((await notOwner.json()).message).toBe(
        'Only the owner may change this template. Save a copy instead.',
      );
      expect((await other.del(`${base}/${pub._id}`)).status).toBe(403);
      expect((await other.put(`${base}/${priv._id}`, { title: 'x', html: '' })).status).toBe(404);
      expect((await other.del(`${base}/${priv._id}`)).status).toBe(404);
      expect((await owner.put(`${base}/nope`, { title: 'x', html: '' })).status).toBe(404);

      // A merchant cannot change the product's seeded templates either; they copy them (POST).
      const seeded = kind === 'pricetemplates' ? 'default-title-price' : 'default-description';
      expect((await other.put(`${base}/${seeded}`, { title: 'x', html: '' })).status).toBe(403);
      const copy = await other.post(base, { title: 'My copy', html: '<p>copy</p>' });
      expect(copy.status).toBe(200);
      const copied = (await copy.json()).data as T;
      expect(copied._id).not.toBe(seeded);
      expect(
        (await other.put(`${base}/${copied._id}`, { title: 'My copy 2', html: '<p>c</p>' })).status,
      ).toBe(200);

      // Nothing of the owner's was changed by the refused calls.
      const still = (await (await owner.get(base)).json()).data as T[];
      expect(still.find((t) => t._id === pub._id)?.title).toBe('Shared v2');
      expect((await owner.del(`${base}/${pub._id}`)).status).toBe(200);
      const after = (await (await owner.get(base)).json()).data as T[];
      expect(after.map((t) => t._id)).not.toContain(pub._id);
      expect((await owner.del(`${base}/${pub._id}`)).status).toBe(404);
    });

    it('staff keep the library with scope=library and library=true, and each change is recorded', async () => {
      expect((await owner.get(`${base}?scope=library`)).status).toBe(403);
      expect((await owner.post(base, { title: 'Lib', html: '', library: true })).status).toBe(403);
      const made = await staff.post(base, {
        title: 'Staff pick',
        html: '<p>[TITLE]</p>',
        ordering: 5,
        library: true,
      });
      expect(made.status).toBe(200);
      const t = (await made.json()).data as T;
      expect(t.owner).toBeNull();
      const lib = (await (await staff.get(`${base}?scope=library&filter=staff%20pick`)).json()) as {
        data: T[];
      };
      expect(lib.data.map((x) => x._id)).toEqual([t._id]);
      // Merchants now see it in the library's order.
      const seen = (await (await owner.get(base)).json()).data as T[];
      expect(seen[0]!._id).toBe(t._id);
      expect(
        (await staff.put(`${base}/${t._id}`, { title: 'Staff pick', html: '<p>x</p>', ordering: 500 }))
          .status,
      ).toBe(200);
      expect((await staff.del(`${base}/${t._id}`)).status).toBe(200);
      const subjectType = kind === 'pricetemplates' ? 'price_template' : 'description_template';
      const log = await server.runtime.db
        .select()
        .from(staffActions)
        .where(and(eq(staffActions.subjectType, subjectType), eq(staffActions.subjectId, t._id)));
      expect(log.map((l) => l.action).sort()).toEqual(['delete_template', 'save_template', 'save_template']);
    });
  });
}

describe('price template fields', () => {
  it('keeps replacements and options, and description templates refuse them', async () => {
    const res = await owner.post('/api/v1/pricetemplates', {
      title: 'With replacements',
      html: '<p>[PRICE_FULL]</p>',
      replacements: [{ source: 'USD', target: '$' }],
      options: { currency: 'EUR' },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({
      replacements: [{ source: 'USD', target: '$' }],
      options: { currency: 'EUR' },
    });
    const bad = await owner.post('/api/v1/descriptiontemplates', {
      title: 'x',
      html: '',
      replacements: [],
    });
    expect(bad.status).toBe(400);
  });

  it('answers 401 without a session', async () => {
    expect((await client(server.url).get('/api/v1/pricetemplates')).status).toBe(401);
  });
});
