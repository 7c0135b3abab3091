// A merchant with a published catalog, for the viewer's integration, end-to-end and benchmark runs.
import { setUpgradeByEmail } from '../../server/billing/index.ts';
import { createCatalog } from '../../server/catalogs/index.ts';
import type { CatalogInput } from '../../core/model/index.ts';
import { sampleCatalog, sampleProductImage } from './sample-catalog.ts';
import { registeredClient, type TestServer } from './server.ts';

export type Published = {
  client: Awaited<ReturnType<typeof registeredClient>>;
  ownerId: string;
  catalogId: string;
};

/**
 * Publish a catalog as its owner does (PUT settings `{ published: true }`): until then it is a draft that answers
 * 404 to visitors. Every test that opens `/view/...` as a visitor publishes first.
 */
export async function publishForVisitors(
  client: Pick<Published['client'], 'put'>,
  catalogId: string,
  published = true,
): Promise<void> {
  const res = await client.put(`/api/v1/catalogs/${encodeURIComponent(catalogId)}/settings`, { published });
  if (res.status !== 200) throw new Error(`publishing: ${res.status} ${await res.text()}`);
}

/**
 * Register `email`, move it to `plan` (trial stays on the trial), store `pictures` distinct product pictures,
 * and create a catalog of `products` products (9 a page) with those pictures, then apply viewer `settings` and
 * publish it (`draft: true` leaves it a draft).
 */
export async function publishCatalog(
  server: { url: string; runtime: Pick<TestServer['runtime'], 'db' | 'storage'> },
  opts: {
    email: string;
    plan?: 'trial' | 'ESSENTIAL' | 'PERSONAL' | 'BUSINESS' | 'ENTERPRISE' | 'PREMIUM';
    products?: number;
    pictures?: number;
    over?: Partial<CatalogInput>;
    settings?: Record<string, unknown>;
    edit?: (doc: ReturnType<typeof sampleCatalog>) => void;
    draft?: boolean;
  },
): Promise<Published> {
  const client = await registeredClient(server.url, opts.email);
  const me = await (await client.get('/api/v1/users/me')).json();
  const ownerId = (me.user?._id ?? me._id ?? me.id) as string;
  if (opts.plan && opts.plan !== 'trial')
    await setUpgradeByEmail({ db: server.runtime.db, email: opts.email, upgrade: true, planId: opts.plan });
  const urls: string[] = [];
  for (let i = 0; i < (opts.pictures ?? 0); i++) {
    const key = `img/${ownerId.slice(0, 8)}-${i}.jpg`;
    await server.runtime.storage.put(key, await sampleProductImage(i, 600));
    urls.push(server.runtime.storage.url(key));
  }
  const doc = sampleCatalog({
    products: opts.products ?? 20,
    imageUrl: (i) => (urls.length ? urls[i % urls.length]! : null),
    over: { title: 'Spring Line', ...opts.over },
  });
  opts.edit?.(doc);
  const { catalog } = await createCatalog({ db: server.runtime.db, ownerId, input: { catalog: doc } });
  if (opts.settings) {
    const res = await client.put(`/api/v1/catalogs/${catalog._id}/settings`, opts.settings);
    if (res.status !== 200) throw new Error(`settings: ${res.status} ${await res.text()}`);
  }
  if (!opts.draft) await publishForVisitors(client, catalog._id);
  return { client, ownerId, catalogId: catalog._id };
}
