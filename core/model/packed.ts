/**
 * A catalog's pages repeat whole parts: the same layout on a hundred pages, the same header and footer. The
 * editor's page (its HTML and loader data) carries each repeated part once: `packPages` puts a page part that
 * occurs more than once in a table and leaves `{ [REF]: index }` in its places; `unpackPages` gives each page its
 * own copy back, so no two pages share an object after unpacking.
 *
 * Products repeat their empty fields too (a product element has some twenty null or [] fields: brand, sale
 * price, variations...), a third of a 1,000-product catalog's text: a product element travels without them and
 * names, by `{ [OMIT]: index }`, the list of fields to put back (a few lists serve the whole catalog).
 */
import type { Catalog } from './catalog.ts';

const REF = '__cbRef';
const OMIT = '__cbOmit';
const MIN_CHARS = 64;
const SHARED_PARTS = ['layout', 'header', 'footer', 'headerElements', 'footerElements'] as const;

/** `omitted` lists fields as "name" (null) or "name[]" (empty array), properties' fields as "properties.name". */
export type PackedCatalog = { catalog: Catalog; table: unknown[]; omitted?: string[][] };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const emptyField = (v: unknown) => v === null || (Array.isArray(v) && v.length === 0);

/** A product element without its empty fields, and the list naming them; others (and odd ones) as they are. */
function dropEmptyFields(el: unknown): { el: unknown; fields: string[] | null } {
  if (!isObj(el) || el.type !== 'application/product' || OMIT in el || !isObj(el.properties))
    return { el, fields: null };
  const fields: string[] = [];
  const out: Obj = {};
  const props: Obj = {};
  const take = (from: Obj, into: Obj, prefix: string) => {
    for (const [k, v] of Object.entries(from)) {
      if (emptyField(v)) fields.push(`${prefix}${k}${v === null ? '' : '[]'}`);
      else into[k] = v;
    }
  };
  const { properties, ...rest } = el;
  take(rest, out, '');
  take(properties as Obj, props, 'properties.');
  if (!fields.length) return { el, fields: null };
  out.properties = props;
  return { el: out, fields };
}

function restoreEmptyFields(el: Obj, fields: string[]): Obj {
  // Plain loops: an object rest with a computed key (`{ [OMIT]: _, ...out }`) cost seconds on 10,000 products.
  const out: Obj = {};
  for (const k in el) if (k !== OMIT) out[k] = el[k];
  const props: Obj = {};
  const from = out.properties as Obj;
  for (const k in from) props[k] = from[k];
  for (const field of fields) {
    const list = field.endsWith('[]');
    const name = list ? field.slice(0, -2) : field;
    const [into, key] = name.startsWith('properties.') ? [props, name.slice(11)] : [out, name];
    into[key] = list ? [] : null;
  }
  out.properties = props;
  return out;
}

const isRef = (v: unknown): v is { [REF]: number } =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 1 && REF in v;

export function packPages(catalog: Catalog): PackedCatalog {
  const counts = new Map<string, number>();
  const texts = catalog.pages.map((page) =>
    SHARED_PARTS.map((key) => {
      const v = (page as Record<string, unknown>)[key];
      if (!v || typeof v !== 'object') return null;
      // A part that already looks like a reference is sent as it is: unpacking cannot tell it apart.
      if (REF in v) return null;
      const text = JSON.stringify(v);
      if (text.length < MIN_CHARS) return null;
      counts.set(text, (counts.get(text) ?? 0) + 1);
      return text;
    }),
  );
  const table: unknown[] = [];
  const index = new Map<string, number>();
  const omitted: string[][] = [];
  const omitIndex = new Map<string, number>();
  const pages = catalog.pages.map((page, p) => {
    let out: Record<string, unknown> | null = null;
    if (
      Array.isArray(page.elements) &&
      page.elements.some((e) => isObj(e) && e.type === 'application/product')
    ) {
      const elements = page.elements.map((e) => {
        const packed = dropEmptyFields(e);
        if (!packed.fields) return e;
        const key = JSON.stringify(packed.fields);
        let i = omitIndex.get(key);
        if (i === undefined) {
          i = omitted.push(packed.fields) - 1;
          omitIndex.set(key, i);
        }
        return { ...(packed.el as Obj), [OMIT]: i };
      });
      out = { ...page, elements };
    }
    SHARED_PARTS.forEach((key, k) => {
      const text = texts[p]![k];
      if (!text || counts.get(text)! < 2) return;
      let i = index.get(text);
      if (i === undefined) {
        i = table.push((page as Record<string, unknown>)[key]) - 1;
        index.set(text, i);
      }
      out ??= { ...page };
      out[key] = { [REF]: i };
    });
    return out ?? page;
  });
  return { catalog: { ...catalog, pages: pages as Catalog['pages'] }, table, omitted };
}

export function unpackPages(packed: PackedCatalog): Catalog {
  const omitted = packed.omitted ?? [];
  if (packed.table.length === 0 && omitted.length === 0) return packed.catalog;
  // Each page gets its own copy of a shared part: parsed from its text, quicker than structuredClone.
  const texts: (string | undefined)[] = [];
  const pages = packed.catalog.pages.map((page) => {
    const out: Record<string, unknown> = { ...page };
    for (const key of SHARED_PARTS) {
      const v = out[key];
      if (!isRef(v)) continue;
      const i = v[REF];
      texts[i] ??= JSON.stringify(packed.table[i]);
      out[key] = JSON.parse(texts[i]!) as unknown;
    }
    if (omitted.length && Array.isArray(out.elements))
      out.elements = out.elements.map((e: unknown) =>
        isObj(e) && typeof e[OMIT] === 'number' && omitted[e[OMIT]]
          ? restoreEmptyFields(e, omitted[e[OMIT]]!)
          : e,
      );
    return out;
  });
  return { ...packed.catalog, pages: pages as Catalog['pages'] };
}
