/**
 * A catalog's pages repeat whole parts: the same layout on a hundred pages, the same header and footer. The
 * editor's page (its HTML and loader data) carries each repeated part once: `packPages` puts a page part that
 * occurs more than once in a table and leaves `{ [REF]: index }` in its places; `unpackPages` gives each page its
 * own copy back, so no two pages share an object after unpacking.
 */
import type { Catalog } from './catalog.ts';

const REF = '__cbRef';
const MIN_CHARS = 64;
const SHARED_PARTS = ['layout', 'header', 'footer', 'headerElements', 'footerElements'] as const;

export type PackedCatalog = { catalog: Catalog; table: unknown[] };

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
  const pages = catalog.pages.map((page, p) => {
    let out: Record<string, unknown> | null = null;
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
  return { catalog: { ...catalog, pages: pages as Catalog['pages'] }, table };
}

export function unpackPages(packed: PackedCatalog): Catalog {
  if (packed.table.length === 0) return packed.catalog;
  const pages = packed.catalog.pages.map((page) => {
    const out: Record<string, unknown> = { ...page };
    for (const key of SHARED_PARTS) {
      const v = out[key];
      if (isRef(v)) out[key] = structuredClone(packed.table[v[REF]]);
    }
    return out;
  });
  return { ...packed.catalog, pages: pages as Catalog['pages'] };
}
