import { randomBytes } from 'node:crypto';
import {
  fieldsFor,
  nodeSelections,
  parseOperation,
  render,
  type Field,
  type Operation,
  type Resolver,
} from './graphql-lite.ts';

/*
 * Bulk query operations as Admin API 2026-01 and later run them: up to five at a time per app and shop
 * (LIMIT_REACHED beyond), each read by its id (bulkOperation(id:)) or listed (bulkOperations);
 * currentBulkOperation, deprecated, still answers the most recent one.
 */

/** Where the test server keeps bulk results, like Shopify's signed Google Cloud Storage links. */
export const BULK_RESULTS_HOST = 'storage.googleapis.com';

/** API 2026-01+: bulk query operations an app may run at once on a shop. */
export const MAX_RUNNING_BULK_QUERIES = 5;

export type BulkOp = {
  id: string;
  status: 'CREATED' | 'RUNNING' | 'COMPLETED' | 'FAILED';
  query: Operation;
  grouped: boolean;
  polls: number;
  errorCode: string | null;
  objectCount: number;
  rootObjectCount: number;
  url: string | null;
  fileSize: number | null;
  createdAt: string;
};

/** What the bulk operations need of the shop they run on. */
export type BulkShop = {
  bulkOps: BulkOp[];
  /** Requests to the bulk API an operation stays running for. */
  bulkPolls: number;
  failNextBulk: string | null;
  files: Map<string, string>;
  gid(type: string): string;
  /** The shop's products as GraphQL objects (with __typename and nested lists). */
  productViews(): Record<string, unknown>[];
  resolve: Resolver;
};

const running = (op: BulkOp) => op.status === 'CREATED' || op.status === 'RUNNING';

/**
 * Time passes on Shopify's side while an app talks to the bulk API: each request (a run, a poll of any
 * operation) moves every running operation one step, so operations the test started beside ours finish too.
 */
export function tickBulk(shop: BulkShop): void {
  for (const op of shop.bulkOps.filter(running)) {
    op.polls++;
    op.status = 'RUNNING';
    op.rootObjectCount = Math.min(shop.productViews().length, op.polls);
    op.objectCount = op.rootObjectCount;
    if (op.polls > shop.bulkPolls) finishBulk(shop, op);
  }
}

export function bulkView(op: BulkOp | undefined) {
  if (!op) return null;
  return {
    __typename: 'BulkOperation',
    ...op,
    type: 'QUERY',
    objectCount: String(op.objectCount),
    rootObjectCount: String(op.rootObjectCount),
  };
}

/** bulkOperationRunQuery: a new operation, or LIMIT_REACHED when five are running already. */
export function startBulk(shop: BulkShop, f: Field) {
  if (shop.bulkOps.filter(running).length >= MAX_RUNNING_BULK_QUERIES)
    return {
      bulkOperation: null,
      userErrors: [
        {
          field: null,
          message: 'Bulk operations limit reached. Please try again later.',
          code: 'LIMIT_REACHED',
        },
      ],
    };
  let query: Operation;
  try {
    query = parseOperation(String(f.args.query ?? ''));
  } catch (err) {
    return {
      bulkOperation: null,
      userErrors: [{ field: ['query'], message: (err as Error).message, code: 'INVALID' }],
    };
  }
  const op: BulkOp = {
    id: shop.gid('BulkOperation'),
    status: 'CREATED',
    query,
    grouped: f.args.groupObjects === true,
    polls: 0,
    errorCode: null,
    objectCount: 0,
    rootObjectCount: 0,
    url: null,
    fileSize: null,
    createdAt: new Date().toISOString(),
  };
  shop.bulkOps.push(op);
  return { bulkOperation: bulkView(op), userErrors: [] };
}

/** bulkOperations: newest first; `query` filters on status and type ("status:RUNNING type:QUERY"). */
export function listBulk(shop: BulkShop, f: Field) {
  const terms = String(f.args.query ?? '')
    .split(/\s+(?:AND\s+)?/i)
    .map((t) => t.split(':'))
    .filter((t) => t.length === 2);
  const status = terms.find(([k]) => k!.toLowerCase() === 'status')?.[1]?.toUpperCase();
  const type = terms.find(([k]) => k!.toLowerCase() === 'operation_type' || k!.toLowerCase() === 'type')?.[1];
  const ops = [...shop.bulkOps]
    .reverse()
    .filter((op) => (!status || op.status === status) && (!type || type.toUpperCase() === 'QUERY'));
  return ops.map(bulkView);
}

function finishBulk(shop: BulkShop, op: BulkOp) {
  if (shop.failNextBulk) {
    op.status = 'FAILED';
    op.errorCode = shop.failNextBulk;
    shop.failNextBulk = null;
    return;
  }
  const lines = bulkLines(shop, op);
  op.status = 'COMPLETED';
  op.objectCount = lines.length;
  op.rootObjectCount = shop.productViews().length;
  if (lines.length === 0) return; // Shopify gives no file for an empty result.
  const text = lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
  const path = `/bulk-operation-outputs/${op.id.split('/').pop()}-final`;
  shop.files.set(path, text);
  op.fileSize = Buffer.byteLength(text);
  op.url = `https://${BULK_RESULTS_HOST}${path}?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Signature=${randomBytes(16).toString('hex')}`;
}

/**
 * The JSONL of a bulk query: one line per product with its scalar and object fields, and one line per node of
 * each nested connection with __parentId. Grouped: children right after their product; otherwise every
 * product first, then the children.
 */
function bulkLines(shop: BulkShop, op: BulkOp): Record<string, unknown>[] {
  const root = fieldsFor(op.query.selections).find((f) => f.name === 'products');
  if (!root) return [];
  const fields = fieldsFor(nodeSelections(root), 'Product');
  const own = fields.filter(
    (f) => !f.selections?.some((s) => s.kind === 'field' && (s.name === 'edges' || s.name === 'nodes')),
  );
  const nested = fields.filter((f) => !own.includes(f));
  const parents: Record<string, unknown>[] = [];
  const children: Record<string, unknown>[][] = [];
  const counter = { cost: 0 };
  for (const p of shop.productViews()) {
    parents.push(render(p, own, shop.resolve, counter) as Record<string, unknown>);
    const mine: Record<string, unknown>[] = [];
    for (const f of nested) {
      for (const child of (p[f.name] as Record<string, unknown>[] | undefined) ?? [])
        mine.push({
          ...(render(child, nodeSelections(f), shop.resolve, counter) as object),
          __parentId: p.id,
        });
    }
    children.push(mine);
  }
  return op.grouped ? parents.flatMap((p, i) => [p, ...children[i]!]) : [...parents, ...children.flat()];
}
