import { sql } from 'drizzle-orm';
import type { CollectionOrder } from '../../connectors/index.ts';
import type { Db } from '../../db/client.ts';

/*
 * The store's own orders of products, for the "manual" and "best-selling" sorts (SPEC §9). Shopify keeps them
 * per collection only (Collection.products with sortKey MANUAL or BEST_SELLING; the products query has no such
 * key), so:
 * - collects.position is a product's place in its collection's manual order: the manual sort of one
 *   collection (collection_id) follows the merchant's order exactly;
 * - listings.store_position and sales_rank are one shop-wide order merged from every collection's order,
 *   agreeing with each collection wherever the collections agree with each other. Best-selling orders always
 *   agree (one sales figure per product); manual orders of two collections may not, and then the product that
 *   stands earlier in its collections goes first. Products in no collection have none (sorted after, by title).
 */

export type StoreCollectionOrder = CollectionOrder & { collectionId: string };

/**
 * One order consistent with every list, where they are consistent: a topological order of "comes right before"
 * pairs, taking first, among the products whose predecessors are placed, the one standing earliest relative to
 * its lists' lengths. A cycle (lists that disagree) is broken the same way. Answers external id → 1, 2, 3...
 */
export function mergeOrders(lists: readonly (readonly string[])[]): Map<string, number> {
  const place = new Map<string, number>();
  const seq = new Map<string, number>();
  const after = new Map<string, Set<string>>();
  const waiting = new Map<string, number>();
  for (const list of lists) {
    const seen = new Set<string>();
    let prev: string | null = null;
    list.forEach((id, i) => {
      if (seen.has(id)) return;
      seen.add(id);
      place.set(id, Math.min(place.get(id) ?? Infinity, (i + 0.5) / list.length));
      if (!seq.has(id)) seq.set(id, seq.size);
      if (!waiting.has(id)) waiting.set(id, 0);
      if (prev !== null && !after.get(prev)?.has(id)) {
        if (!after.has(prev)) after.set(prev, new Set());
        after.get(prev)!.add(id);
        waiting.set(id, waiting.get(id)! + 1);
      }
      prev = id;
    });
  }
  const before = (a: string, b: string) => place.get(a)! - place.get(b)! || seq.get(a)! - seq.get(b)!;
  const ready = new Heap<string>(before);
  // Every product by where it stands: when lists disagree (a cycle), the earliest one not yet placed goes next.
  const all = new Heap<string>(before);
  for (const [id, n] of waiting) {
    all.push(id);
    if (n === 0) ready.push(id);
  }
  const out = new Map<string, number>();
  while (out.size < waiting.size) {
    let id = ready.pop();
    while (id !== undefined && out.has(id)) id = ready.pop();
    if (id === undefined)
      do id = all.pop();
      while (id !== undefined && out.has(id));
    if (id === undefined) break;
    out.set(id, out.size + 1);
    for (const next of after.get(id) ?? []) {
      if (out.has(next)) continue;
      const n = waiting.get(next)! - 1;
      waiting.set(next, n);
      if (n === 0) ready.push(next);
    }
  }
  return out;
}

class Heap<T> {
  private readonly items: T[] = [];
  constructor(private readonly less: (a: T, b: T) => number) {}
  push(item: T) {
    const a = this.items;
    a.push(item);
    for (let i = a.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (this.less(a[i]!, a[parent]!) >= 0) break;
      [a[i], a[parent]] = [a[parent]!, a[i]!];
      i = parent;
    }
  }
  pop(): T | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last !== undefined) {
      a[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && this.less(a[l]!, a[m]!) < 0) m = l;
        if (r < a.length && this.less(a[r]!, a[m]!) < 0) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m]!, a[i]!];
        i = m;
      }
    }
    return top;
  }
}

const CHUNK = 1000;

/**
 * Write what the store's collections say of its order: collects positions per collection, then every listing's
 * store_position and sales_rank (listings in no collection get none). One transaction, so the sorts never show
 * half of one sync's order.
 */
export async function saveStoreOrdering(opts: {
  db: Db;
  account: { id: string };
  orders: readonly StoreCollectionOrder[];
}): Promise<void> {
  const { db, account } = opts;
  const manual = mergeOrders(opts.orders.map((o) => o.manual));
  const best = mergeOrders(opts.orders.map((o) => o.best_selling));
  await db.transaction(async (tx) => {
    for (const order of opts.orders) {
      const collection = sql`(select id from collections where account_id = ${account.id}
        and kind = 'collection' and external_id = ${order.collectionId})`;
      await tx.execute(sql`update collects set position = null where collection_id = ${collection}`);
      for (let i = 0; i < order.manual.length; i += CHUNK) {
        const values = order.manual
          .slice(i, i + CHUNK)
          .map((ext, k) => sql`(${ext}::text, ${i + k + 1}::int)`);
        await tx.execute(sql`update collects set position = v.pos
          from (values ${sql.join(values, sql`, `)}) as v(ext, pos), listings l
          where collects.collection_id = ${collection} and l.account_id = ${account.id}
            and l.external_id = v.ext and collects.listing_id = l.id`);
      }
    }
    await tx.execute(sql`update listings set store_position = null, sales_rank = null
      where account_id = ${account.id} and (store_position is not null or sales_rank is not null)`);
    const ranked = [...new Set([...manual.keys(), ...best.keys()])];
    for (let i = 0; i < ranked.length; i += CHUNK) {
      const values = ranked
        .slice(i, i + CHUNK)
        .map((ext) => sql`(${ext}::text, ${manual.get(ext) ?? null}::int, ${best.get(ext) ?? null}::int)`);
      await tx.execute(sql`update listings set store_position = v.sp, sales_rank = v.sr
        from (values ${sql.join(values, sql`, `)}) as v(ext, sp, sr)
        where listings.account_id = ${account.id} and listings.external_id = v.ext`);
    }
  });
}
