import type { Catalog } from '../model/index.ts';

/** Average glyph advance, in em, of a font relative to Open Sans (the default theme font). */
const FAMILY_WIDTH: Record<string, number> = {
  'open sans': 1,
  roboto: 0.95,
  lato: 0.93,
  montserrat: 1.1,
  raleway: 1.02,
  barlow: 0.9,
  'bebas neue': 0.78,
  'old standard tt': 0.98,
  arial: 0.96,
  helvetica: 0.96,
  'helvetica neue': 0.96,
  'liberation sans': 0.96,
  'dejavu sans': 1.08,
  georgia: 1.02,
  'times new roman': 0.9,
};
/** Unknown fonts are assumed wide so an estimate errs towards moving content on, never clipping it. */
const UNKNOWN_FAMILY_WIDTH = 1.08;

/** Open Sans advances in em by character class. */
function charWidth(ch: string): number {
  if (ch === ' ') return 0.26;
  if (/[iljI.,:;'!|]/.test(ch)) return 0.27;
  if (/[frt()[\]{}"-]/.test(ch)) return 0.36;
  if (/[mwMW]/.test(ch)) return 0.86;
  if (/[A-Z]/.test(ch)) return 0.66;
  if (/[0-9]/.test(ch)) return 0.57;
  if (/[a-z]/.test(ch)) return 0.55;
  return 0.62;
}

export interface EstimateMetrics {
  /** Font size of each heading and paragraph tag, px (from the theme). */
  tagSizes: Record<string, number>;
  baseSize: number;
  familyWidth: number;
  /** Extra share added to every estimate: estimates should overshoot rather than clip. */
  safety: number;
}

const px = (v: string | undefined): number | null => {
  const m = /^\s*([\d.]+)px\s*$/.exec(v ?? '');
  return m ? Number(m[1]) : null;
};

/** Font metrics of a catalog: tag sizes from its theme and the width class of its body font. */
export function catalogMetrics(catalog: Catalog | null): EstimateMetrics {
  const theme = catalog?.theme ?? {};
  const tagSizes: Record<string, number> = {
    h1: 32,
    h2: 24,
    h3: 18.7,
    h4: 16,
    h5: 13.3,
    h6: 10.7,
    p: 10,
    li: 10,
  };
  for (const tag of Object.keys(tagSizes)) {
    const size = px(theme[tag]?.['font-size']);
    if (size) tagSizes[tag] = size;
  }
  if (!px(theme.li?.['font-size'])) tagSizes.li = tagSizes.p;
  const family = (theme.body?.['font-family'] ?? 'Open Sans')
    .split(',')[0]
    .replace(/['"]/g, '')
    .trim()
    .toLowerCase();
  return { tagSizes, baseSize: 10, familyWidth: FAMILY_WIDTH[family] ?? UNKNOWN_FAMILY_WIDTH, safety: 0.06 };
}

/** Vertical padding and border of the renderer's own blocks, px, by class. */
const CLASS_EXTRA: Record<string, number> = {
  'cb-flow-item': 18,
  'cb-flow-text': 8,
  'cb-index-letter': 15,
  'cb-leader-row': 6,
  'cb-toc-row': 8,
  'cb-order-intro': 16,
  'cb-order-totals': 14,
  'cb-order-signature': 24,
  'cb-description': 4,
  'cb-list-empty': 8,
  'cb-order-field': 10,
  'cb-order-total-row': 8,
};
const CLASS_SIZE: Record<string, number> = {
  'cb-index-letter': 13,
  'cb-leader-row': 9.5,
  'cb-toc-row': 12,
  'cb-table': 9,
  'cb-order-field': 9,
  'cb-order-total-row': 10,
  // Captions print prices larger than the theme's paragraphs (base CSS `p.price`).
  price: 11,
};
const BLOCK_TAGS = new Set([
  'div',
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'ul',
  'ol',
  'blockquote',
  'table',
  'tr',
  'section',
  'figure',
  'pre',
  'dt',
  'dd',
  'dl',
  'tbody',
  'thead',
]);
const MARGIN_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'blockquote', 'figure']);
const VOID_TAGS = new Set(['br', 'img', 'hr', 'col', 'input', 'meta', 'link', 'source', 'wbr']);

interface Node {
  tag: string;
  attrs: string;
  children: (Node | string)[];
}

function parse(html: string): Node {
  const root: Node = { tag: 'root', attrs: '', children: [] };
  const stack: Node[] = [root];
  const re =
    /<!--[\s\S]*?-->|<\/([a-zA-Z0-9]+)\s*>|<([a-zA-Z0-9]+)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>|([^<]+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(html))) {
    const top = stack[stack.length - 1];
    if (m[1]) {
      const tag = m[1].toLowerCase();
      const at = stack.map((n) => n.tag).lastIndexOf(tag);
      if (at > 0) stack.length = at;
    } else if (m[2]) {
      const node: Node = { tag: m[2].toLowerCase(), attrs: m[3] ?? '', children: [] };
      top.children.push(node);
      if (!m[4] && !VOID_TAGS.has(node.tag) && node.tag !== 'svg') stack.push(node);
      if (node.tag === 'svg') {
        // Inline SVG (barcodes) counts by its height; skip its content.
        const end = html.indexOf('</svg>', re.lastIndex);
        re.lastIndex = end < 0 ? html.length : end + 6;
      }
    } else if (m[5]) {
      top.children.push(decode(m[5]));
    }
  }
  return root;
}

function decode(s: string): string {
  return s
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&#x?[0-9a-f]+;/gi, 'x');
}

const attr = (attrs: string, name: string): string | null => {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(` ${attrs}`);
  return m ? (m[1] ?? m[2] ?? m[3] ?? '') : null;
};

interface Style {
  size: number;
  bold: boolean;
  lineHeight: number;
  /** Inside descriptions paragraphs inherit the description's size instead of the theme's. */
  inherit?: boolean;
}

/** Lines a run of text takes at a width, wrapping greedily at spaces like a browser. */
function lineCount(text: string, width: number, style: Style, metrics: EstimateMetrics): number {
  const t = text.replace(/\s+/g, ' ').trim();
  if (!t) return 0;
  const em = style.size * metrics.familyWidth * (style.bold ? 1.07 : 1);
  const space = 0.26 * em;
  let lines = 1;
  let x = 0;
  for (const word of t.split(' ')) {
    let w = 0;
    for (const ch of word) w += charWidth(ch) * em;
    if (x > 0 && x + space + w > width) {
      lines++;
      x = 0;
    }
    if (x === 0 && w > width) {
      lines += Math.floor(w / width);
      x = w % width;
    } else {
      x += (x > 0 ? space : 0) + w;
    }
  }
  return lines;
}

function styleFor(node: Node, parent: Style, metrics: EstimateMetrics): Style {
  const cls = (attr(node.attrs, 'class') ?? '').split(/\s+/);
  let size = (parent.inherit ? undefined : metrics.tagSizes[node.tag]) ?? parent.size;
  for (const c of cls) if (CLASS_SIZE[c]) size = CLASS_SIZE[c];
  const inline = px(/font-size\s*:\s*([\d.]+px)/i.exec(attr(node.attrs, 'style') ?? '')?.[1]);
  if (inline) size = inline;
  const heading = /^h[1-6]$/.test(node.tag);
  const bold =
    parent.bold ||
    heading ||
    node.tag === 'b' ||
    node.tag === 'strong' ||
    node.tag === 'th' ||
    cls.includes('price');
  const lineHeight = heading ? 1.2 : node.tag === 'p' || node.tag === 'li' ? 1.45 : parent.lineHeight;
  return { size, bold, lineHeight, inherit: parent.inherit || cls.includes('cb-description') };
}

/** Height of a node's content laid out as blocks at a width. */
function blockHeight(node: Node, width: number, style: Style, metrics: EstimateMetrics): number {
  let height = 0;
  let inline = '';
  let inlineStyle = style;
  const flush = () => {
    height += lineCount(inline, width, inlineStyle, metrics) * inlineStyle.size * inlineStyle.lineHeight;
    inline = '';
  };
  for (const child of node.children) {
    if (typeof child === 'string') {
      inline += child;
      continue;
    }
    const s = styleFor(child, style, metrics);
    const fixed = Number(attr(child.attrs, 'data-cb-h'));
    if (Number.isFinite(fixed) && fixed > 0) {
      flush();
      height += fixed;
      continue;
    }
    if (child.tag === 'br') {
      inline += '\n';
      flush();
      continue;
    }
    if (child.tag === 'img' || child.tag === 'svg') {
      flush();
      const h = Number(attr(child.attrs, 'height')) || 40;
      height += h;
      continue;
    }
    if (child.tag === 'tr') {
      flush();
      height += rowHeight(child, width, s, metrics);
      continue;
    }
    if (!BLOCK_TAGS.has(child.tag)) {
      // Inline element: its text joins the current line box.
      inline += textOf(child);
      inlineStyle = s.size > inlineStyle.size ? s : inlineStyle;
      continue;
    }
    flush();
    inlineStyle = style;
    const cls = (attr(child.attrs, 'class') ?? '').split(/\s+/);
    let extra = 0;
    for (const c of cls) extra += CLASS_EXTRA[c] ?? 0;
    if (cls.includes('cb-thumb')) {
      height += 40;
      continue;
    }
    const margin = MARGIN_TAGS.has(child.tag) ? 0.35 * s.size : 0;
    const w = widthOf(child, width);
    const content = cls.includes('cb-flow-item--horizontal')
      ? sideBySideHeight(child, w, s, metrics)
      : blockHeight(child, w, s, metrics);
    height += content + extra + margin;
  }
  flush();
  return height;
}

/** The width a block is laid out at: its own inline width when it states one, else its container's. */
function widthOf(node: Node, width: number): number {
  const style = attr(node.attrs, 'style') ?? '';
  const m = /(?:^|;)\s*width\s*:\s*([\d.]+)(px|%)/i.exec(style);
  if (!m) return width;
  return m[2] === '%' ? (width * Number(m[1])) / 100 : Number(m[1]);
}

/** Children laid out in a row (picture beside caption): as tall as the tallest. */
function sideBySideHeight(node: Node, width: number, style: Style, metrics: EstimateMetrics): number {
  let tallest = 0;
  for (const child of node.children) {
    if (typeof child === 'string') continue;
    const fixed = Number(attr(child.attrs, 'data-cb-h'));
    if (Number.isFinite(fixed) && fixed > 0) {
      tallest = Math.max(tallest, fixed);
      continue;
    }
    const s = styleFor(child, style, metrics);
    const cls = (attr(child.attrs, 'class') ?? '').split(/\s+/);
    let extra = 0;
    for (const c of cls) extra += CLASS_EXTRA[c] ?? 0;
    tallest = Math.max(tallest, blockHeight(child, widthOf(child, width), s, metrics) + extra);
  }
  return tallest;
}

function textOf(node: Node): string {
  return node.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');
}

function rowHeight(tr: Node, width: number, style: Style, metrics: EstimateMetrics): number {
  const cells = tr.children.filter(
    (c): c is Node => typeof c !== 'string' && (c.tag === 'td' || c.tag === 'th'),
  );
  if (cells.length === 0) return 0;
  // Cells share the width evenly: narrower than the real title column, so long titles are overestimated.
  const cellWidth = Math.max(20, width / cells.length - 12);
  const tallest = Math.max(
    ...cells.map((c) => blockHeight(c, cellWidth, styleFor(c, style, metrics), metrics)),
  );
  return Math.max(tallest, style.size * style.lineHeight) + 11;
}

/** Estimated height in px of block markup laid out at a width, from text length and known font metrics. */
export function estimateHeight(html: string, width: number, metrics: EstimateMetrics): number {
  const root = parse(html);
  const base: Style = { size: metrics.baseSize, bold: false, lineHeight: 1.4 };
  const h = blockHeight(root, Math.max(1, width), base, metrics);
  return Math.ceil(h * (1 + metrics.safety));
}

/**
 * A deterministic measure for environments without a browser (the CLI's HTML output, tests): it estimates
 * each block's height from its markup. Same signature as a browser measure.
 */
export function estimateMeasure(
  catalog: Catalog | null = null,
): (blocks: { html: string; width: number }[]) => number[] {
  const metrics = catalogMetrics(catalog);
  return (blocks) => blocks.map((b) => estimateHeight(b.html, b.width, metrics));
}
