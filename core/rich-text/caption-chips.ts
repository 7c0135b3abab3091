/**
 * Caption and description templates as the rich-text editor shows them (issue 25 §4): every SPEC §5 token in the
 * template's text — [TITLE], [PRICE(INT)], [LISTING.custom.material], [OP_ROUND[PRICE*1.2]], [VARIANTS(TABLE,
 * SKU)] — becomes one chip that stores its exact text, and is named in the merchant's language. Tokens inside a tag
 * (`<a href="[URL]">`) and wrongly written ones ([PRICEE]) stay text, as they were typed. Pure.
 */
import { parseTemplate, type TemplateNode } from '../captions/index.ts';
import { getT } from '../i18n/index.ts';
import { escapeHtml } from '../sanitize/index.ts';

type ValueNode = Exclude<TemplateNode, { kind: 'text' } | { kind: 'error' }>;

function tokenNode(raw: string): ValueNode | null {
  if (typeof raw !== 'string' || !raw.startsWith('[')) return null;
  const { nodes } = parseTemplate(raw);
  const node = nodes[0];
  if (nodes.length !== 1 || !node || node.kind === 'text' || node.kind === 'error') return null;
  return node.raw === raw ? node : null;
}

/** Whether `raw` is exactly one caption token, written rightly: what a caption chip may store. */
export function isCaptionToken(raw: string): boolean {
  return tokenNode(raw) !== null;
}

/**
 * Whether a token prints block content (a VARIANTS list or table, the description's paragraphs), so that the
 * editor puts its chip between paragraphs rather than inside one.
 */
export function isBlockCaptionToken(raw: string): boolean {
  const node = tokenNode(raw);
  return node?.kind === 'variants' || (node?.kind === 'token' && node.name === 'DESCRIPTION');
}

const VOID_TAGS = new Set(['br', 'hr', 'img', 'col', 'wbr', 'input', 'source', 'area', 'base', 'meta']);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?(\/?)>/g;

/** How many elements are open at the end of `html` (sanitized HTML: every element closed in order). */
function openElements(html: string): number {
  let depth = 0;
  for (const m of html.matchAll(TAG)) {
    if (VOID_TAGS.has(m[2]!.toLowerCase()) || m[3]) continue;
    depth = m[1] ? Math.max(0, depth - 1) : depth + 1;
  }
  return depth;
}

/**
 * A template's (sanitized) HTML with each token in its text written as a chip element: `<span data-token="…">`
 * inside an element, `<div data-token="…">` when it stands between elements (a [VARIANTS(…)] or [BARCODE(EAN13)]
 * after the last paragraph), so the editor keeps it where it was.
 */
export function captionToChips(html: string): string {
  if (!html) return html;
  const { nodes } = parseTemplate(html);
  let out = '';
  // The template so far, with tokens inside tags as a letter: what decides how deep a token sits.
  let scanned = '';
  for (const node of nodes) {
    if (node.kind === 'text' || node.kind === 'error') {
      out += node.kind === 'text' ? node.text : node.raw;
      scanned += node.kind === 'text' ? node.text : node.raw;
    } else if (node.inTag) {
      out += node.raw;
      scanned += 'x';
    } else {
      const tag = openElements(scanned) > 0 ? 'span' : 'div';
      out += `<${tag} data-token="${escapeHtml(node.raw)}"></${tag}>`;
    }
  }
  return out;
}

type Label = (key: string, opts?: Record<string, unknown>) => string;

const COLUMN_KEYS: Record<string, string> = {
  ID: 'id',
  TITLE: 'title',
  SKU: 'sku',
  BARCODE: 'barcode',
  BARCODE_DATA: 'barcodeData',
  STOCK: 'stock',
  CURRENCY: 'currency',
  MAIN_IMAGE: 'image',
};

function tokenLabel(t: Label, name: string, form: string | null): string {
  const base = t(`captionChip.tokens.${name}`, { defaultValue: name });
  if (!form) return base;
  if (form === 'INT' || form === 'DECIMAL' || form === 'SYMBOL')
    return t('captionChip.form', { name: base, form: t(`captionChip.forms.${form}`) });
  return t('captionChip.form', { name: base, form });
}

/**
 * The name a caption chip shows, in the merchant's language: "Price with currency", "Formula: PRICE*0.9",
 * "Variants table: options, SKU, price", "Field: material". The stored text is the token itself.
 */
export function captionChipLabel(raw: string, language: string = 'en'): string {
  const node = tokenNode(raw);
  if (!node) return raw;
  const t = getT(language, 'editorText') as unknown as Label;
  switch (node.kind) {
    case 'token':
      return tokenLabel(t, node.name, node.form);
    case 'field':
      return node.source === 'custom'
        ? t('captionChip.custom', { key: node.key })
        : t(node.source === 'metafield' ? 'captionChip.metafield' : 'captionChip.variantMetafield', {
            key: `${node.namespace}.${node.key}`,
          });
    case 'formula': {
      const body = raw.slice(raw.indexOf('[', 1) + 1, -2);
      return t(`captionChip.formula.${node.mode}`, { formula: body });
    }
    case 'variants': {
      const columns = node.columns.map((c) =>
        c.kind === 'options'
          ? t('captionChip.columns.options')
          : c.node.kind === 'field'
            ? c.node.key
            : COLUMN_KEYS[c.node.name]
              ? t(`captionChip.columns.${COLUMN_KEYS[c.node.name]}`)
              : tokenLabel(t, c.node.name, c.node.form),
      );
      return t(`captionChip.variants.${node.layout}`, {
        columns: columns.join(', '),
        headers: node.showHeaders ? t('captionChip.variants.headers') : '',
      }).trim();
    }
  }
}

/** Tags the editor writes in another spelling that draws the same. */
const SAME_TAG: Record<string, string> = { b: 'strong', i: 'em', strike: 's', del: 's' };
const OPEN_TAG = /<([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>/g;

/** The markup a text carries: each tag, each class on it, each style property and attribute it has. */
function markupOf(html: string): Set<string> {
  const out = new Set<string>();
  for (const m of html.matchAll(OPEN_TAG)) {
    const tag = SAME_TAG[m[1]!.toLowerCase()] ?? m[1]!.toLowerCase();
    out.add(tag);
    const attrs = m[2] ?? '';
    for (const a of attrs.matchAll(/([a-zA-Z-]+)\s*=\s*"([^"]*)"/g)) {
      const name = a[1]!.toLowerCase();
      if (name === 'class') for (const c of a[2]!.split(/\s+/).filter(Boolean)) out.add(`${tag}.${c}`);
      else if (name === 'style')
        for (const decl of a[2]!.split(';')) {
          const prop = decl.split(':')[0]?.trim().toLowerCase();
          if (prop) out.add(`${tag}{${prop}}`);
        }
      else if (name !== 'target' && name !== 'rel') out.add(`${tag}[${name}]`);
    }
  }
  return out;
}

const wordsOf = (html: string) => html.replace(/<[^>]*>/g, '').replace(/\s+/g, '');

/**
 * Whether the editor's text (`after`) lost part of a template's (`before`): a tag, class, style property or
 * attribute it no longer has anywhere (a table, `<small>`, a paragraph's font size), or any of its words.
 * Spellings that draw the same (`<b>` and `<strong>`) and a paragraph around loose words are no loss.
 */
export function markupLost(before: string, after: string): boolean {
  if (wordsOf(before) !== wordsOf(after)) return true;
  const kept = markupOf(after);
  for (const m of markupOf(before)) if (!kept.has(m)) return true;
  return false;
}
