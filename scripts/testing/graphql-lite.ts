/**
 * Just enough GraphQL for the Shopify test server: parse one operation (fields, aliases, arguments, variables,
 * inline fragments; named fragments are not supported), compute Shopify's calculated query cost, and render an
 * object graph through a selection set, so the test server answers exactly the fields a query asks for.
 */

export type Field = {
  kind: 'field';
  alias: string;
  name: string;
  args: Record<string, unknown>;
  selections: Selection[] | null;
};
export type InlineFragment = { kind: 'fragment'; on: string | null; selections: Selection[] };
export type Selection = Field | InlineFragment;
export type Operation = { type: 'query' | 'mutation'; selections: Selection[] };

const TOKEN =
  /\s+|#[^\n]*|,|"""[\s\S]*?"""|"(?:\\.|[^"\\])*"|\.\.\.|[{}():[\]$!=@]|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[_A-Za-z][_0-9A-Za-z]*/y;

function tokenize(source: string): string[] {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(source);
    if (!m) throw new Error(`Syntax Error: Unexpected character "${source[at]}" at ${at}`);
    const t = m[0];
    if (/^\s/.test(t) || t.startsWith('#') || t === ',') continue;
    out.push(t);
  }
  return out;
}

export function parseOperation(source: string, variables: Record<string, unknown> = {}): Operation {
  const tokens = tokenize(source);
  let i = 0;
  const peek = () => tokens[i];
  const next = () => {
    if (i >= tokens.length) throw new Error('Syntax Error: Unexpected end of document');
    return tokens[i++]!;
  };
  const expect = (t: string) => {
    const got = next();
    if (got !== t) throw new Error(`Syntax Error: Expected "${t}", found "${got}"`);
  };
  const value = (): unknown => {
    const t = next();
    if (t === '$') return variables[next()] ?? null;
    if (t.startsWith('"""')) return t.slice(3, -3).trim();
    if (t.startsWith('"')) return JSON.parse(t);
    if (/^-?\d/.test(t)) return Number(t);
    if (t === 'true' || t === 'false') return t === 'true';
    if (t === 'null') return null;
    if (t === '[') {
      const list: unknown[] = [];
      while (peek() !== ']') list.push(value());
      next();
      return list;
    }
    if (t === '{') {
      const obj: Record<string, unknown> = {};
      while (peek() !== '}') {
        const k = next();
        expect(':');
        obj[k] = value();
      }
      next();
      return obj;
    }
    return t; // enum value
  };
  const args = (): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    expect('(');
    while (peek() !== ')') {
      const name = next();
      expect(':');
      out[name] = value();
    }
    next();
    return out;
  };
  const directives = () => {
    while (peek() === '@') {
      next();
      next();
      if (peek() === '(') args();
    }
  };
  const selectionSet = (): Selection[] => {
    expect('{');
    const out: Selection[] = [];
    while (peek() !== '}') {
      if (peek() === '...') {
        next();
        let on: string | null = null;
        if (peek() === 'on') {
          next();
          on = next();
        } else if (peek() !== '{' && peek() !== '@') {
          throw new Error('Named fragments are not supported by the test server');
        }
        directives();
        out.push({ kind: 'fragment', on, selections: selectionSet() });
        continue;
      }
      let name = next();
      let alias = name;
      if (peek() === ':') {
        next();
        name = next();
      } else alias = name;
      const a = peek() === '(' ? args() : {};
      directives();
      out.push({ kind: 'field', alias, name, args: a, selections: peek() === '{' ? selectionSet() : null });
    }
    next();
    return out;
  };

  let type: Operation['type'] = 'query';
  if (peek() === 'query' || peek() === 'mutation') {
    type = next() as Operation['type'];
    if (peek() !== '{' && peek() !== '(') next(); // operation name
    if (peek() === '(') {
      // Variable definitions: skip to the matching parenthesis.
      let depth = 0;
      do {
        const t = next();
        if (t === '(') depth++;
        if (t === ')') depth--;
      } while (depth > 0);
    }
  }
  const selections = selectionSet();
  return { type, selections };
}

/** Fields of a selection set that apply to an object of `typename` (inline fragments resolved). */
export function fieldsFor(selections: Selection[], typename?: string): Field[] {
  return selections.flatMap((s) =>
    s.kind === 'field' ? [s] : !s.on || s.on === typename ? fieldsFor(s.selections, typename) : [],
  );
}

const isConnection = (f: Field) =>
  !!f.selections?.some((s) => s.kind === 'field' && (s.name === 'nodes' || s.name === 'edges'));

/** The node selection of a connection field (under `nodes`, or `edges { node }`). */
export function nodeSelections(f: Field): Selection[] {
  const sel = f.selections ?? [];
  const nodes = sel.find((s): s is Field => s.kind === 'field' && s.name === 'nodes');
  if (nodes) return nodes.selections ?? [];
  const edges = sel.find((s): s is Field => s.kind === 'field' && s.name === 'edges');
  const node = edges?.selections?.find((s): s is Field => s.kind === 'field' && s.name === 'node');
  return node?.selections ?? [];
}

/**
 * The path of the first connection a query selects without `first` or `last`, or null. Shopify refuses such a
 * query ("you must provide one of first or last"); only a bulk operation's query may leave them out.
 */
export function unpagedConnection(selections: Selection[], path: string[] = []): string[] | null {
  for (const s of selections) {
    if (s.kind === 'fragment') {
      const inner = unpagedConnection(s.selections, path);
      if (inner) return inner;
      continue;
    }
    if (!s.selections) continue;
    const here = [...path, s.alias];
    const paged = (v: unknown) => v !== undefined && v !== null;
    if (isConnection(s) && !paged(s.args.first) && !paged(s.args.last)) return here;
    const inner = unpagedConnection(s.selections, here);
    if (inner) return inner;
  }
  return null;
}

/**
 * Shopify's requested query cost: scalars and enums 0, objects 1, connections 2 plus `first` times the cost of
 * one node (all inline fragments counted, the worst case), mutations 10.
 */
export function requestedCost(op: Operation): number {
  const cost = (selections: Selection[]): number =>
    selections.reduce((sum, s) => {
      if (s.kind === 'fragment') return sum + cost(s.selections);
      if (!s.selections) return sum;
      if (isConnection(s)) {
        const first = Number(s.args.first ?? s.args.last ?? 0);
        const scalarList = nodeSelections(s).length === 0;
        return sum + 2 + first * (scalarList ? 0 : 1 + cost(nodeSelections(s)));
      }
      if (s.name === 'pageInfo') return sum;
      return sum + 1 + cost(s.selections);
    }, 0);
  return op.type === 'mutation' ? 10 + cost(op.selections) : Math.max(1, cost(op.selections));
}

export type Resolver = (parent: Record<string, unknown>, field: Field) => unknown;

/** Opaque cursors, as Shopify's are: base64 of where the page ended. */
export const encodeCursor = (index: number) =>
  Buffer.from(JSON.stringify({ last_index: index })).toString('base64url');
export const decodeCursor = (cursor: unknown): number =>
  typeof cursor === 'string' && cursor
    ? Number((JSON.parse(Buffer.from(cursor, 'base64url').toString()) as { last_index: number }).last_index) +
      1
    : 0;

/**
 * Render `value` through `selections`. Arrays under a connection selection are paginated with first/after;
 * `resolve` may compute a field (default: the property of the same name); `counter` adds up the actual cost.
 */
export function render(
  value: unknown,
  selections: Selection[] | null,
  resolve: Resolver,
  counter: { cost: number },
): unknown {
  if (value === null || value === undefined) return null;
  if (!selections) return value;
  if (Array.isArray(value)) return value.map((v) => render(v, selections, resolve, counter));
  const obj = value as Record<string, unknown>;
  counter.cost += 1;
  const out: Record<string, unknown> = {};
  for (const f of fieldsFor(selections, obj.__typename as string | undefined)) {
    if (f.name === '__typename') {
      out[f.alias] = obj.__typename ?? null;
      continue;
    }
    const v = resolve(obj, f);
    out[f.alias] = isConnection(f)
      ? renderConnection(v as unknown[], f, resolve, counter)
      : render(v, f.selections, resolve, counter);
  }
  return out;
}

export function renderConnection(
  all: unknown[] | null | undefined,
  f: Field,
  resolve: Resolver,
  counter: { cost: number },
): unknown {
  const list = all ?? [];
  const start = decodeCursor(f.args.after);
  const first = f.args.first === undefined ? list.length : Number(f.args.first);
  const slice = list.slice(start, start + first);
  counter.cost += 2;
  const out: Record<string, unknown> = {};
  const nodeSel = nodeSelections(f);
  for (const s of fieldsFor(f.selections ?? [])) {
    if (s.name === 'nodes')
      out[s.alias] = slice.map((n) => render(n, nodeSel.length ? nodeSel : null, resolve, counter));
    else if (s.name === 'edges')
      out[s.alias] = slice.map((n, k) => {
        const edge: Record<string, unknown> = {};
        for (const e of fieldsFor(s.selections ?? [])) {
          if (e.name === 'cursor') edge[e.alias] = encodeCursor(start + k);
          if (e.name === 'node') edge[e.alias] = render(n, e.selections, resolve, counter);
        }
        return edge;
      });
    else if (s.name === 'pageInfo') {
      const info: Record<string, unknown> = {};
      for (const p of fieldsFor(s.selections ?? [])) {
        if (p.name === 'hasNextPage') info[p.alias] = start + slice.length < list.length;
        if (p.name === 'hasPreviousPage') info[p.alias] = start > 0;
        if (p.name === 'endCursor')
          info[p.alias] = slice.length ? encodeCursor(start + slice.length - 1) : null;
        if (p.name === 'startCursor') info[p.alias] = slice.length ? encodeCursor(start) : null;
      }
      out[s.alias] = info;
    }
  }
  return out;
}
