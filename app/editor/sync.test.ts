import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVE_FAILED_MESSAGE } from './messages.ts';
import { getDefaultLayout } from '../../core/layouts/index.ts';
import { CatalogSchema, isProductElement, type Catalog } from '../../core/model/index.ts';
import { subscriptions, users } from '../../db/schema.ts';
import { registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';
import { createEditorStore, type EditorStore } from './store.ts';
import { readStoredPending, SaveQueue, type SyncText, type Transport } from './sync.ts';

let server: TestServer;
let merchant: Awaited<ReturnType<typeof registeredClient>>;
let trial: Awaited<ReturnType<typeof registeredClient>>;

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  merchant = await registeredClient(server.url, 'sync@example.com');
  trial = await registeredClient(server.url, 'sync-trial@example.com');
  const [u] = await server.runtime.db.select().from(users).where(eq(users.email, 'sync@example.com'));
  await server.runtime.db.insert(subscriptions).values({
    userId: u!.id,
    planId: 'BUSINESS',
    type: 'manual',
    title: 'Business',
    startDate: new Date(),
    durationDays: 365,
  });
});
afterAll(() => server?.close());

type Client = typeof merchant;

/** The editor's calls over a signed-in client: the same requests the browser's api.ts sends. */
function transportOf(c: Client, log: string[] = []): Transport {
  const answer = async (res: Response) => ({ status: res.status, body: await res.json() });
  return {
    savePage: async (id, pageId, body) => {
      log.push('PUT page');
      return answer(await c.put(`/api/v1/catalogs/${id}/pages/${pageId}`, body));
    },
    saveChanges: async (id, body) => {
      log.push('POST changes');
      return answer(await c.post(`/api/v1/catalogs/${id}/changes`, body));
    },
    getChanges: async (id, since) => answer(await c.get(`/api/v1/catalogs/${id}/changes?since=${since}`)),
  };
}

const text: SyncText = {
  failed: SAVE_FAILED_MESSAGE,
  unauthorized: 'signed out',
  remote: (pages) => `changed elsewhere: ${pages.join(',')}`,
  rebased: 'rebased',
  notApplied: (labels) => `not applied: ${labels.join('; ')}`,
  label: (e) => e.command.name,
};

class MemoryStorage {
  items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
}

async function open(
  c: Client,
  catalogId: string,
  extra: Partial<ConstructorParameters<typeof SaveQueue>[1]> = {},
) {
  const body = await (await c.get(`/api/v1/catalogs/${catalogId}`)).json();
  const catalog = CatalogSchema.parse(body.data);
  const store = createEditorStore({ catalog, revision: body.revision });
  const queue = new SaveQueue(store, { transport: transportOf(c), text, pollMs: 3_600_000, ...extra });
  queue.start();
  return { store, queue };
}

async function newCatalog(c: Client = merchant): Promise<Catalog> {
  return CatalogSchema.parse((await (await c.post('/api/v1/catalogs', { title: 'Sync' })).json()).data);
}

const saved = async (c: Client, id: string): Promise<Catalog> =>
  CatalogSchema.parse((await (await c.get(`/api/v1/catalogs/${id}`)).json()).data);

const titles = (catalog: Catalog) =>
  catalog.pages.map((p) => p.elements.filter(isProductElement).map((e) => e.properties.title));

const product = (title: string) => ({ id: `l-${title}`, title, price: 10 });
const grid = (store: EditorStore) => store.getState().catalog.pages[1]!.id;

describe('the editor save queue against the server', () => {
  it('saves one changed page with PUT /pages/{id} and page moves with POST /changes', async () => {
    const c = await newCatalog();
    const log: string[] = [];
    const { store, queue } = await open(merchant, c._id, { transport: transportOf(merchant, log) });
    store.getState().goToPage(grid(store));
    store.getState().dispatch({ name: 'addProduct', args: { pageId: null, product: product('Scarf') } });
    await queue.flush();
    expect(log).toEqual(['PUT page']);
    store.getState().dispatch({ name: 'movePage', args: { pageId: grid(store), direction: 'up' } });
    await queue.flush();
    expect(log).toEqual(['PUT page', 'POST changes']);
    expect(store.getState()).toMatchObject({ status: 'saved', pending: [], revision: 3 });
    expect(titles(await saved(merchant, c._id))).toEqual([['Scarf'], [], []]);
    queue.stop();
  });

  it('after a 409 applies the pending edit on the newer copy: both tabs keep their edits', async () => {
    const c = await newCatalog();
    const a = await open(merchant, c._id);
    const b = await open(merchant, c._id);
    a.store.getState().dispatch({
      name: 'dropProduct',
      args: { pageId: c.pages[1]!.id, cellIndex: 0, product: product('Hat') },
    });
    await a.queue.flush();
    // Tab b still has revision 1 and edits another page.
    b.store.getState().dispatch({
      name: 'dropImage',
      args: { pageId: c.pages[0]!.id, cellIndex: 0, src: 'https://img.test/c.png' },
    });
    await b.queue.flush();
    expect(b.store.getState()).toMatchObject({ status: 'saved', revision: 3, pending: [] });
    const server = await saved(merchant, c._id);
    expect(titles(server)[1]).toEqual(['Hat']);
    expect(server.pages[0]!.elements[0]!.properties).toEqual({ src: 'https://img.test/c.png' });
    // Tab b's copy has tab a's product too.
    expect(titles(b.store.getState().catalog)[1]).toEqual(['Hat']);
    expect(b.store.getState().notices.map((n) => n.text)).toEqual(['rebased']);
    a.queue.stop();
    b.queue.stop();
  });

  it('on the same cell the later save wins and the other tab is told', async () => {
    const c = await newCatalog();
    const a = await open(merchant, c._id);
    const b = await open(merchant, c._id);
    const cell = { pageId: c.pages[1]!.id, cellIndex: 0 };
    a.store.getState().dispatch({ name: 'dropProduct', args: { ...cell, product: product('Lamp') } });
    await a.queue.flush();
    b.store.getState().dispatch({ name: 'dropProduct', args: { ...cell, product: product('Vase') } });
    await b.queue.flush();
    expect(titles(await saved(merchant, c._id))[1]).toEqual(['Vase']);
    await a.queue.pollRemote();
    expect(titles(a.store.getState().catalog)[1]).toEqual(['Vase']);
    expect(a.store.getState().notices.map((n) => n.text)).toEqual(['changed elsewhere: 2']);
    // Tab a's undo still works on its own step, over the newer copy.
    a.queue.stop();
    b.queue.stop();
  });

  it('says which pending command could not be applied when its page was removed elsewhere', async () => {
    const c = await newCatalog();
    const a = await open(merchant, c._id);
    const b = await open(merchant, c._id);
    a.store.getState().dispatch({ name: 'removePages', args: { pageIds: [c.pages[1]!.id] } });
    await a.queue.flush();
    b.store.getState().dispatch({
      name: 'dropProduct',
      args: { pageId: c.pages[1]!.id, cellIndex: 2, product: product('Cup') },
    });
    b.store.getState().dispatch({ name: 'toggleHeadersFooters', args: { pageId: c.pages[2]!.id } });
    await b.queue.flush();
    expect(b.store.getState().notices.map((n) => n.text)).toEqual(['not applied: dropProduct']);
    const server = await saved(merchant, c._id);
    expect(server.pages).toHaveLength(2);
    expect(server.pages[1]!.showHeadersFooters).toBe(true);
    a.queue.stop();
    b.queue.stop();
  });

  it('retries 5 times, 5 s × attempt, then fails with the SPEC message', async () => {
    const c = await newCatalog();
    const waits: number[] = [];
    // Nothing listens on this port: every save is refused by the network.
    const down = transportOf({
      ...merchant,
      put: () => fetch('http://127.0.0.1:9/x', { method: 'PUT' }),
    } as Client);
    const { store, queue } = await open(merchant, c._id, {
      transport: { ...down, saveChanges: (id, body) => down.savePage(id, 'x', body) },
      sleep: async (ms) => void waits.push(ms),
    });
    store.getState().dispatch({
      name: 'dropProduct',
      args: { pageId: c.pages[1]!.id, cellIndex: 0, product: product('Bag') },
    });
    await queue.flush();
    expect(waits).toEqual([5_000, 10_000, 15_000, 20_000, 25_000]);
    expect(store.getState()).toMatchObject({ status: 'failed', statusMessage: SAVE_FAILED_MESSAGE });
    expect(store.getState().pending).toHaveLength(1);
    queue.stop();
  });

  it('applies a save whose answer was lost once, and a reload sends what was not saved exactly once', async () => {
    const c = await newCatalog();
    const storage = new MemoryStorage();
    const real = transportOf(merchant);
    let lose = true;
    // The first save reaches the server; its answer never comes back (a dropped connection).
    const lossy: Transport = {
      ...real,
      savePage: async (...args) => {
        const answer = await real.savePage(...args);
        if (lose) {
          lose = false;
          throw new Error('connection reset');
        }
        return answer;
      },
    };
    const waits: number[] = [];
    const { store, queue } = await open(merchant, c._id, {
      transport: lossy,
      storage,
      sleep: async (ms) => void waits.push(ms),
    });
    store.getState().dispatch({
      name: 'dropProduct',
      args: { pageId: c.pages[1]!.id, cellIndex: 0, product: product('Belt') },
    });
    await queue.flush();
    expect(waits).toEqual([5_000]);
    expect(store.getState()).toMatchObject({ status: 'saved', revision: 2 });
    expect(titles(await saved(merchant, c._id))[1]).toEqual(['Belt']);
    queue.stop();

    // A second edit whose save never leaves, then the page is reloaded.
    const offline = await open(merchant, c._id, {
      transport: { ...real, savePage: () => Promise.reject(new Error('offline')) },
      storage,
      sleep: () => new Promise(() => {}),
    });
    offline.store.getState().dispatch({
      name: 'dropProduct',
      args: { pageId: c.pages[1]!.id, cellIndex: 1, product: product('Cap') },
    });
    void offline.queue.flush();
    await new Promise((r) => setTimeout(r, 50));
    offline.queue.stop();
    const body = await (await merchant.get(`/api/v1/catalogs/${c._id}/changes?since=0`)).json();
    const restored = readStoredPending(storage, c._id, body.saves);
    expect(restored.map((e) => e.command.name)).toEqual(['dropProduct']);
    const loaded = await (await merchant.get(`/api/v1/catalogs/${c._id}`)).json();
    const store2 = createEditorStore({
      catalog: CatalogSchema.parse(loaded.data),
      revision: loaded.revision,
      restored,
    });
    const queue2 = new SaveQueue(store2, { transport: real, text, storage, pollMs: 3_600_000 });
    queue2.start();
    await queue2.flush();
    expect(titles(await saved(merchant, c._id))[1]).toEqual(['Belt', 'Cap']);
    expect(storage.items.size).toBe(0);
    // Loading once more finds nothing left to send.
    expect(readStoredPending(storage, c._id, [])).toEqual([]);
    queue2.stop();
  });

  it('keeps an edit a plan limit blocks, with the SPEC message', async () => {
    const c = await newCatalog(trial);
    const { store, queue } = await open(trial, c._id);
    for (let i = 0; i < 38; i++)
      store.getState().dispatch({
        name: 'addPage',
        args: { afterPageId: c.pages[1]!.id, layout: getDefaultLayout('products', 9) },
      });
    await queue.flush();
    expect(store.getState()).toMatchObject({
      status: 'blocked',
      statusMessage: 'Max Pages Limit Reached (41/40)',
    });
    expect(store.getState().catalog.pages).toHaveLength(41);
    expect((await saved(trial, c._id)).pages).toHaveLength(3);
    // Taking one page away makes the catalog savable again.
    store
      .getState()
      .dispatch({ name: 'removePages', args: { pageIds: [store.getState().catalog.pages[2]!.id] } });
    await queue.flush();
    expect(store.getState().status).toBe('saved');
    expect((await saved(trial, c._id)).pages).toHaveLength(40);
    queue.stop();
  });
  it('never sends a layout edit left by another page (SPEC §4: stopping restores the copy); Done sends it', async () => {
    const c = await newCatalog();
    const storage = new MemoryStorage();
    const log: string[] = [];
    const { store, queue } = await open(merchant, c._id, {
      transport: transportOf(merchant, log),
      storage,
      debounceMs: 0,
    });
    const s = () => store.getState();
    const pageId = grid(store);
    const cellCount = c.pages[1]!.layout.cells.length;
    s().goToPage(pageId);
    // A change made just before the edit begins is saved while the edit has changed nothing.
    s().dispatch({ name: 'toggleHeadersFooters', args: { pageId: c.pages[2]!.id } });
    s().startLayoutEdit(true);
    await queue.flush();
    expect(log).toEqual(['PUT page']);
    s().dispatch({ name: 'addCell', args: { pageId } });
    await queue.flush();
    // Held while the layout is edited: nothing sent, nothing kept for a reload.
    expect(log).toEqual(['PUT page']);
    expect(storage.items.size).toBe(0);
    s().goToPage(c.pages[0]!.id);
    await queue.flush();
    expect(log).toEqual(['PUT page']);
    expect(s()).toMatchObject({ mode: 'view', status: 'saved', pending: [] });
    expect((await saved(merchant, c._id)).pages[1]!.layout.cells).toHaveLength(cellCount);

    // Done: the page with its new cell is what is saved.
    s().goToPage(pageId);
    s().startLayoutEdit(true);
    s().dispatch({ name: 'addCell', args: { pageId } });
    s().stopLayoutEdit(true);
    await queue.flush();
    expect(log).toEqual(['PUT page', 'PUT page']);
    expect((await saved(merchant, c._id)).pages[1]!.layout.cells).toHaveLength(cellCount + 1);
    queue.stop();
  });
});
