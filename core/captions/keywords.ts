import { getT } from '../i18n/index.ts';
import type { Product } from '../model/index.ts';
import { TOKENS, type TokenGroup } from './tokens.ts';
import { isCaptionMetafield } from './values.ts';
import { visibleVariations } from './variations.ts';

export type CaptionKeyword = {
  /** Text inserted in the template: "[TITLE]", "[LISTING.custom.material]". */
  keyword: string;
  label: string;
  group: TokenGroup | 'custom' | 'metafield' | 'variant-metafield';
};

// Names a template can reference: the parser stops a field name at brackets, parentheses, tags and quotes.
const REFERENCEABLE = /^[^[\]()<>"]+$/;

/**
 * The keywords the caption editor offers for a product: every built-in token, described in `language`, then the
 * product's custom fields, then its metafields and its variations' metafields whose type captions can print
 * (SPEC §5), by the merchant's own names.
 */
export function captionKeywords(product: Product, language: string = 'en'): CaptionKeyword[] {
  const describe = getT(language, 'captionTokens');
  const out: CaptionKeyword[] = TOKENS.filter((t) => !t.name.includes('.')).map((t) => ({
    keyword: t.example,
    label: describe(t.key),
    group: t.group,
  }));
  const seen = new Set<string>();
  const add = (k: CaptionKeyword) => {
    if (seen.has(k.keyword)) return;
    seen.add(k.keyword);
    out.push(k);
  };
  for (const field of Array.isArray(product?.customfields) ? product.customfields : []) {
    if (!field?.key || !REFERENCEABLE.test(field.key)) continue;
    add({ keyword: `[LISTING.CUSTOM_${field.key}]`, label: field.name || field.key, group: 'custom' });
  }
  for (const mf of Array.isArray(product?.metafields) ? product.metafields : []) {
    if (
      !mf?.namespace ||
      !mf.key ||
      !REFERENCEABLE.test(`${mf.namespace}.${mf.key}`) ||
      mf.namespace.includes('.')
    )
      continue;
    if (!isCaptionMetafield(mf)) continue;
    add({
      keyword: `[LISTING.${mf.namespace}.${mf.key}]`,
      label: mf.description || `${mf.namespace}.${mf.key}`,
      group: 'metafield',
    });
  }
  for (const variation of product ? visibleVariations(product) : []) {
    for (const mf of Array.isArray(variation.metafields) ? variation.metafields : []) {
      if (
        !mf?.namespace ||
        !mf.key ||
        !REFERENCEABLE.test(`${mf.namespace}.${mf.key}`) ||
        mf.namespace.includes('.')
      )
        continue;
      if (!isCaptionMetafield(mf)) continue;
      add({
        keyword: `[VARIANT.${mf.namespace}.${mf.key}]`,
        label: mf.description || `${mf.namespace}.${mf.key}`,
        group: 'variant-metafield',
      });
    }
  }
  return out;
}
