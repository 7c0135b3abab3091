import { CATALOG_SIZE_THRESHOLD_BYTES } from '../constants.ts';
import { isProductElement, type Catalog } from '../model/index.ts';

/** Bytes of a string in UTF-8, counted without building the encoded copy (catalogs reach megabytes). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Size of the catalog as saved: its JSON in UTF-8. */
export function serializedSize(catalog: Catalog): number {
  return utf8ByteLength(JSON.stringify(catalog));
}

export interface SizeLimitResult {
  catalog: Catalog;
  /** Whether product metafields, descriptions and variations were removed. */
  stripped: boolean;
  /** Serialized size of the returned catalog, in bytes. */
  size: number;
}

/**
 * Keep a catalog savable (SPEC §5): above 16,793,600 serialized bytes, product elements lose their
 * metafields, description and variations, the bulkiest data a page can do without. Below the threshold
 * the catalog comes back as it was (same object).
 */
export function enforceSizeLimit(
  catalog: Catalog,
  threshold: number = CATALOG_SIZE_THRESHOLD_BYTES,
): SizeLimitResult {
  const size = serializedSize(catalog);
  if (size <= threshold) return { catalog, stripped: false, size };
  const pages = catalog.pages.map((page) =>
    page.elements.some(isProductElement)
      ? {
          ...page,
          elements: page.elements.map((e) =>
            isProductElement(e)
              ? { ...e, properties: { ...e.properties, metafields: [], description: '', variations: [] } }
              : e,
          ),
        }
      : page,
  );
  const next = { ...catalog, pages };
  return { catalog: next, stripped: true, size: serializedSize(next) };
}
