import { ConnectorError } from '../types.ts';
import type { ShopifyAdminClient } from './admin-client.ts';
import type { MediaNode, MetafieldNode, ProductNode, VariantNode } from './map-product.ts';
import { BULK_OPERATION_QUERY, BULK_PRODUCTS_QUERY, BULK_RUN_MUTATION } from './queries.ts';

type BulkOperation = {
  id: string;
  status: string;
  errorCode?: string | null;
  objectCount?: string | number | null;
  rootObjectCount?: string | number | null;
  url?: string | null;
  partialDataUrl?: string | null;
};
type RunPayload = {
  bulkOperationRunQuery: {
    bulkOperation: { id: string; status: string } | null;
    userErrors: { field?: string[] | null; message: string; code?: string | null }[];
  };
};

const RUNNING = new Set(['CREATED', 'RUNNING', 'CANCELING']);
/**
 * Refusals that pass with time: LIMIT_REACHED (API 2026-01+: five bulk queries already run for the app on the
 * shop), OPERATION_IN_PROGRESS (the one-at-a-time rule of older versions).
 */
const BUSY = new Set(['LIMIT_REACHED', 'OPERATION_IN_PROGRESS']);

export type BulkOptions = {
  pollMs: number;
  /** Give up waiting for Shopify after this long (the operation keeps running on Shopify's side). */
  timeoutMs: number;
  sleep: (ms: number) => Promise<void>;
  signal?: AbortSignal;
  onPreparing?: (status: { objectCount: number }) => void;
};

/**
 * Run the bulk product export and resolve with the URL of its JSONL file (null when the shop has no products).
 * Since API 2026-01 an app may run several bulk queries on a shop, so the operation is followed by its own id
 * (bulkOperation(id:)): currentBulkOperation, now deprecated, answers the newest one, which may be another
 * sync's. When Shopify refuses a new operation because too many run, we wait and ask again.
 */
export async function runBulkExport(client: ShopifyAdminClient, opts: BulkOptions): Promise<string | null> {
  const deadline = Date.now() + opts.timeoutMs;
  let id: string | null = null;
  while (id === null) {
    checkAborted(opts);
    const { data } = await client.request<RunPayload>(BULK_RUN_MUTATION, { query: BULK_PRODUCTS_QUERY });
    const run = data.bulkOperationRunQuery;
    if (run.userErrors.length && run.userErrors.every((e) => BUSY.has(e.code ?? ''))) {
      if (Date.now() > deadline)
        throw new ConnectorError(
          'export_failed',
          'Shopify kept refusing a new export: too many were running',
        );
      await opts.sleep(opts.pollMs);
      continue;
    }
    if (run.userErrors.length || !run.bulkOperation)
      throw new ConnectorError(
        'export_failed',
        `Shopify refused the export: ${run.userErrors.map((e) => e.message).join('; ') || 'no operation'}`,
      );
    id = run.bulkOperation.id;
  }
  const done = await waitForBulk(client, id, opts, deadline);
  if (done.status !== 'COMPLETED')
    throw new ConnectorError(
      'export_failed',
      `The Shopify export ended ${done.status}${done.errorCode ? ` (${done.errorCode})` : ''}`,
    );
  return done.url ?? null;
}

function checkAborted(opts: BulkOptions) {
  if (opts.signal?.aborted) throw new ConnectorError('export_failed', 'The export was cancelled');
}

/** Poll our operation by its id until it is no longer running. */
async function waitForBulk(
  client: ShopifyAdminClient,
  id: string,
  opts: BulkOptions,
  deadline: number,
): Promise<BulkOperation> {
  for (;;) {
    checkAborted(opts);
    const { data } = await client.request<{ bulkOperation: BulkOperation | null }>(BULK_OPERATION_QUERY, {
      id,
    });
    const op = data.bulkOperation;
    if (!op) throw new ConnectorError('export_failed', 'Shopify lost track of the export');
    if (!RUNNING.has(op.status)) return op;
    opts.onPreparing?.({ objectCount: Number(op.objectCount ?? 0) });
    if (Date.now() > deadline) throw new ConnectorError('export_failed', 'The Shopify export took too long');
    await opts.sleep(opts.pollMs);
  }
}

/** Lines of a UTF-8 stream, without holding more than one line (and one chunk) in memory. */
export async function* readLines(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = '';
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += decoder.decode(value, { stream: true });
      let nl: number;
      while ((nl = rest.indexOf('\n')) >= 0) {
        const line = rest.slice(0, nl).trim();
        rest = rest.slice(nl + 1);
        if (line) yield line;
      }
    }
    rest += decoder.decode();
    if (rest.trim()) yield rest.trim();
  } finally {
    reader.releaseLock();
  }
}

/** Child lines are told apart by the type in their id (gid://shopify/<Type>/<n>). */
const gidType = (id: unknown): string => (typeof id === 'string' ? (id.split('/')[3] ?? '') : '');
const CHILD_OF: Record<string, 'variants' | 'media' | 'metafields' | 'collections'> = {
  ProductVariant: 'variants',
  MediaImage: 'media',
  Video: 'media',
  ExternalVideo: 'media',
  Model3d: 'media',
  Metafield: 'metafields',
  Collection: 'collections',
};

export type BulkParseStats = { lines: number; orphans: number; invalid: number };

/**
 * Products from a bulk export's JSONL: a product line, then its children, each with __parentId (the export runs
 * with groupObjects: true, so a product's children follow it and a new product line closes the previous one;
 * only one product is held at a time). Lines that are not JSON, and children whose product is already closed,
 * are counted in `stats`, never fatal.
 */
export async function* assembleBulkProducts(
  lines: AsyncIterable<string>,
  stats: BulkParseStats = { lines: 0, orphans: 0, invalid: 0 },
): AsyncGenerator<ProductNode> {
  let current: ProductNode | null = null;
  for await (const line of lines) {
    stats.lines++;
    let obj: Record<string, unknown>;
    try {
      obj = JSON.parse(line) as Record<string, unknown>;
    } catch {
      stats.invalid++;
      continue;
    }
    const parent = obj.__parentId;
    if (typeof parent !== 'string') {
      if (current) yield current;
      current = {
        ...(obj as unknown as ProductNode),
        variants: [],
        media: [],
        metafields: [],
        collections: [],
      };
      continue;
    }
    const field = CHILD_OF[gidType(obj.id)] ?? (obj.mediaContentType ? 'media' : undefined);
    if (!current || current.id !== parent || !field) {
      stats.orphans++;
      continue;
    }
    delete obj.__parentId;
    if (field === 'variants') current.variants.push(obj as unknown as VariantNode);
    else if (field === 'media') current.media.push(obj as MediaNode);
    else if (field === 'metafields') current.metafields.push(obj as unknown as MetafieldNode);
    else current.collections!.push(obj as { id: string; title?: string });
  }
  if (current) yield current;
}
