import postcss, { type AtRule, type Root } from 'postcss';
import sanitize from 'sanitize-html';

/** Escape text for use inside HTML text or a double-quoted attribute. */
export function escapeHtml(text: unknown): string {
  return String(text ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// A CSS value is safe when it cannot fetch, execute or escape its declaration. url() is allowed only through
// safeUrl (below), so plain style attributes never load anything.
const UNSAFE_CSS_VALUE = /(expression\s*\(|javascript:|vbscript:|-moz-binding|behavior\s*:|@import|<|>)/i;
const SAFE_STYLE_VALUE = /^(?!.*(url\s*\(|expression\s*\(|javascript:|vbscript:|-moz-binding)).*$/i;

const STYLE_PROPERTIES = [
  'color',
  'background-color',
  'background',
  'font-size',
  'font-family',
  'font-weight',
  'font-style',
  'text-align',
  'text-decoration',
  'text-transform',
  'line-height',
  'letter-spacing',
  'vertical-align',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-color',
  'border-width',
  'border-style',
  'border-radius',
  'border-collapse',
  'width',
  'height',
  'max-width',
  'max-height',
  'min-width',
  'min-height',
  'display',
  'float',
  'clear',
  'white-space',
  'word-break',
  'overflow-wrap',
  'list-style-type',
  'opacity',
  'text-indent',
  'gap',
  'justify-content',
  'align-items',
  'flex-direction',
  'object-fit',
];

const ALLOWED_TAGS = [
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'mark',
  'small',
  'sub',
  'sup',
  'br',
  'hr',
  'p',
  'div',
  'span',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'colgroup',
  'col',
  'img',
  'figure',
  'figcaption',
  'font',
  'center',
];

const HTML_OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    '*': ['class', 'style', 'title', 'align', 'dir', 'lang'],
    a: ['href', 'target', 'rel', 'name'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    td: ['colspan', 'rowspan', 'width', 'valign'],
    th: ['colspan', 'rowspan', 'width', 'valign', 'scope'],
    col: ['span', 'width'],
    font: ['color', 'face', 'size'],
    ol: ['start', 'type'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((p) => [p, [SAFE_STYLE_VALUE]])) },
  transformTags: {
    // Links from merchant content open outside the catalog and pass no referrer or opener.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.href ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
    }),
    // A picture written into the text itself is a JPEG or PNG of at most 2,097,152 bytes (SPEC §9 rich text).
    img: (tagName, attribs) => {
      const src = attribs.src ?? '';
      if (!/^data:/i.test(src.trim()) || inlinePictureAllowed(src)) return { tagName, attribs };
      const rest = { ...attribs };
      delete rest.src;
      return { tagName, attribs: rest };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  disallowedTagsMode: 'discard',
};

/** Rich text's limit on a picture inline in the HTML (SPEC §9): JPEG or PNG, at most this many bytes. */
export const INLINE_PICTURE_MAX_BYTES = 2_097_152;

/** Whether a data: URL is a base64 JPEG or PNG of at most INLINE_PICTURE_MAX_BYTES once decoded. */
export function inlinePictureAllowed(src: string): boolean {
  const m = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=\s]*)$/i.exec(src.trim());
  if (!m) return false;
  const b64 = (m[2] ?? '').replace(/\s+/g, '');
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - padding <= INLINE_PICTURE_MAX_BYTES;
}

/**
 * Sanitize merchant HTML (captions, descriptions, headers, full-text pages) with an allow-list: no scripts,
 * event handlers, frames, forms or unsafe URLs survive.
 */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return sanitize(html, HTML_OPTIONS);
}

const INLINE_OPTIONS: sanitize.IOptions = {
  allowedTags: ['b', 'strong', 'i', 'em', 'a', 'br', 'p', 'div'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: HTML_OPTIONS.transformTags,
  disallowedTagsMode: 'discard',
};

/**
 * The words of a header, footer or short text as the editor's simple text field writes them: bold, italic,
 * links and lines only (SPEC §5 'Editor'). Everything else, styles included, is dropped.
 */
export function sanitizeInlineHtml(html: string | null | undefined): string {
  if (!html) return '';
  return sanitize(html, INLINE_OPTIONS);
}

/** Plain text of some HTML: tags dropped, entities kept decoded by the browser later. */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  return sanitize(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}

/**
 * A url() target merchant CSS may name: a file of ours (a path on our origin, such as an uploaded font or picture
 * under /files/), or an inline picture or font. Never another host: the catalog would call out to it from every
 * visitor's browser, and the PDF's Chromium refuses the network anyway, so it would differ from the flipbook.
 */
function safeUrl(raw: string): boolean {
  const u = raw
    .trim()
    .replace(/^['"]|['"]$/g, '')
    .trim();
  if (
    /^data:(image\/(png|jpe?g|gif|webp|svg\+xml)|font\/[a-z0-9-]+|application\/font-[a-z0-9-]+)[;,]/i.test(u)
  )
    return true;
  return u.startsWith('/') && !u.startsWith('//') && !u.includes('\\');
}

function safeDeclarationValue(value: string): boolean {
  if (UNSAFE_CSS_VALUE.test(value)) return false;
  const urls = [...value.matchAll(/url\s*\(([^)]*)\)/gi)];
  // image-set("x.png") and friends load without url(): only url() may name a file.
  if (/image-set\s*\(|(^|[\s,(])src\s*\(/i.test(value)) return false;
  return urls.every((m) => safeUrl(m[1] ?? ''));
}

/** Why a declaration of merchant CSS is dropped, or null when it is kept. */
function declarationProblem(prop: string, value: string): CssProblemKind | null {
  if (/^(behavior|-moz-binding)$/i.test(prop)) return 'unsafe';
  // A fixed or sticky box leaves its page: over the viewer's own controls, or on every printed page.
  if (/^position$/i.test(prop) && /fixed|sticky/i.test(value)) return 'position';
  if (/url\s*\(|image-set\s*\(/i.test(value) && !safeDeclarationValue(value)) return 'url';
  if (!safeDeclarationValue(value)) return 'unsafe';
  return null;
}

/** At-rules merchant CSS may not use: imports fetch other stylesheets; @page would change the printed size. */
const DROPPED_AT_RULES = /^(import|charset|namespace|page)$/i;

const ROOT_SELECTORS = /^(:root|html|body)$/i;

function scopeSelector(selector: string, scope: string): string {
  const s = selector.trim();
  if (!s) return s;
  if (ROOT_SELECTORS.test(s)) return scope;
  // "body .x" / "html .x" become "<scope> .x": the catalog is the document as far as its CSS knows.
  const stripped = s.replace(/^(:root|html|body)(\s+|\s*>\s*)/i, '');
  // The scope class sits on each page: a selector that starts with the page's own classes (.cb-page,
  // .cb-page--front-cover) names that page, so the scope joins it instead of looking inside it.
  if (/^\.cb-page(--[\w-]+)?(?![\w-])/.test(stripped)) return `${scope}${stripped}`;
  return `${scope} ${stripped}`;
}

export type CssProblemKind = 'syntax' | 'import' | 'page' | 'url' | 'unsafe' | 'position';
export type CssProblem = { kind: CssProblemKind; line: number; column: number; text: string };

/**
 * Make merchant CSS safe, unscoped (what the server stores): @import, @page, url() to anything but our own files
 * and inline pictures and fonts, script-like values and fixed positions are dropped. Unparseable CSS yields ''.
 * `problems` lists what was dropped, by line, for the CSS panel.
 */
export function sanitizeCss(css: string | null | undefined): { css: string; problems: CssProblem[] } {
  if (!css || !css.trim()) return { css: '', problems: [] };
  let root: Root;
  try {
    root = postcss.parse(css);
  } catch (err) {
    const e = err as { line?: number; column?: number; reason?: string };
    return {
      css: '',
      problems: [{ kind: 'syntax', line: e.line ?? 1, column: e.column ?? 1, text: e.reason ?? String(err) }],
    };
  }
  const problems: CssProblem[] = [];
  const at = (node: { source?: { start?: { line: number; column: number } } }) => ({
    line: node.source?.start?.line ?? 1,
    column: node.source?.start?.column ?? 1,
  });
  root.walkAtRules((rule: AtRule) => {
    const name = rule.name.toLowerCase();
    if (DROPPED_AT_RULES.test(name)) {
      if (name === 'import' || name === 'page')
        problems.push({ kind: name, ...at(rule), text: `@${rule.name} ${rule.params}`.trim() });
      rule.remove();
    }
  });
  root.walkDecls((decl) => {
    const kind = declarationProblem(decl.prop, decl.value);
    if (kind) {
      problems.push({ kind, ...at(decl), text: `${decl.prop}: ${decl.value}` });
      decl.remove();
    }
  });
  return { css: root.toString(), problems };
}

/** A theme's property name: a CSS property or a custom property (--brand-primary). */
const THEME_PROPERTY = /^(--[\w-]+|-?[a-z][a-z0-9-]*)$/i;
/** Text that would end a declaration or a rule early, or open a comment that swallows what follows. */
const BREAKS_OUT = /[{};]|\/\*|\*\//;

/** A theme selector as one plain rule's selector: no at-rule, nothing that closes the rule or opens another. */
function safeThemeSelector(selector: string): boolean {
  const s = selector.trim();
  if (!s || s.startsWith('@') || BREAKS_OUT.test(s) || /[<\\]/.test(s)) return false;
  try {
    const root = postcss.parse(`${s}{}`);
    return root.nodes.length === 1 && root.nodes[0]!.type === 'rule';
  } catch {
    return false;
  }
}

/**
 * Make a catalog's theme (selector → property → value) safe as stored (issue 24 §3): the same rules as merchant
 * CSS (no @import, no url() to another host, no expressions or script-like values, no fixed boxes), and nothing
 * that would break out of its declaration or rule when the theme becomes CSS. Unsafe declarations are dropped, a
 * selector left with none goes too. `problems` names what was dropped (selector and declaration).
 */
export function sanitizeTheme(theme: Record<string, Record<string, string>>): {
  theme: Record<string, Record<string, string>>;
  problems: string[];
} {
  const problems: string[] = [];
  const out: Record<string, Record<string, string>> = {};
  for (const [selector, props] of Object.entries(theme)) {
    if (!safeThemeSelector(selector)) {
      problems.push(selector);
      continue;
    }
    const kept: Record<string, string> = {};
    for (const [prop, value] of Object.entries(props ?? {})) {
      const v = String(value);
      if (!THEME_PROPERTY.test(prop) || BREAKS_OUT.test(v) || declarationProblem(prop, v)) {
        problems.push(`${selector} { ${prop}: ${v} }`);
        continue;
      }
      kept[prop] = v;
    }
    if (Object.keys(kept).length > 0 || Object.keys(props ?? {}).length === 0) out[selector] = kept;
  }
  return { theme: problems.length ? out : theme, problems };
}

/**
 * Make merchant CSS (branding_css, custom_css) safe and confine it to one catalog: every selector is
 * prefixed with `scope`, :root/html/body map to the scope itself (so CSS variables defined there apply),
 * and what sanitizeCss drops is dropped. Unparseable CSS yields ''.
 */
export function scopeCss(css: string | null | undefined, scope: string): string {
  const safe = sanitizeCss(css).css;
  if (!safe.trim()) return '';
  const root = postcss.parse(safe);
  root.walkRules((rule) => {
    const parent = rule.parent;
    // Keyframe steps (from, to, 50%) are not selectors.
    if (parent && parent.type === 'atrule' && /keyframes$/i.test((parent as AtRule).name)) return;
    rule.selectors = rule.selectors.map((sel) => scopeSelector(sel, scope));
  });
  return root.toString().replace(/<\/style/gi, '<\\/style');
}

const SVG_TAGS = [
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'path',
  'text',
  'tspan',
  'marker',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'use',
];

const SVG_PRESENTATION = [
  'id',
  'class',
  'style',
  'transform',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'opacity',
  'clip-path',
  'marker-start',
  'marker-mid',
  'marker-end',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
];

const SVG_GEOMETRY = [
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'dx',
  'dy',
  'width',
  'height',
  'points',
  'd',
  'viewBox',
  'preserveAspectRatio',
  'xmlns',
  'version',
  'refX',
  'refY',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'orient',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'fx',
  'fy',
  'href',
  'xlink:href',
  'clipPathUnits',
  'role',
  'aria-label',
];

/** A reference inside the drawing (#id, url(#id)) is kept; anything that names a file or a host is dropped. */
const SVG_LOCAL_REF = /^#[\w-]+$/;
const SVG_URL_VALUE = /url\s*\(/i;
const SVG_LOCAL_URL_VALUE = /^url\(\s*['"]?#[\w-]+['"]?\s*\)$/i;

const SVG_OPTIONS: sanitize.IOptions = {
  allowedTags: SVG_TAGS,
  allowedAttributes: Object.fromEntries(SVG_TAGS.map((t) => [t, [...SVG_PRESENTATION, ...SVG_GEOMETRY]])),
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: false,
  allowedStyles: {
    '*': Object.fromEntries(SVG_PRESENTATION.map((p) => [p, [SAFE_STYLE_VALUE]])),
  },
  parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
  nonTextTags: ['script', 'style', 'foreignObject', 'textarea', 'noscript'],
  transformTags: {
    '*': (tagName, attribs) => {
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(attribs)) {
        if ((name === 'href' || name === 'xlink:href') && !SVG_LOCAL_REF.test(value.trim())) continue;
        if (name !== 'style' && SVG_URL_VALUE.test(value) && !SVG_LOCAL_URL_VALUE.test(value.trim()))
          continue;
        if (UNSAFE_CSS_VALUE.test(value) && name !== 'd' && name !== 'points') continue;
        kept[name] = value;
      }
      return { tagName, attribs: kept };
    },
  },
  disallowedTagsMode: 'discard',
};

/**
 * Make a merchant's SVG drawing (SPEC §3 `image/svg+xml` element: an uploaded file or shapes drawn in the
 * editor) safe to draw inline: shapes, text, gradients and markers only; no script, event handler,
 * foreignObject, style element, animation or picture, and no reference to anything outside the drawing (href and
 * url() only to #ids within it). Returns '' unless the result is one <svg> element.
 */
export function sanitizeSvg(svg: string | null | undefined): string {
  if (!svg) return '';
  // Processing instructions, doctypes and comments go first: a doctype can declare entities.
  const body = svg
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!DOCTYPE[\s\S]*?(\[[\s\S]*?\])?\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  const out = sanitize(body, SVG_OPTIONS).trim();
  if (!/^<svg[\s>]/.test(out) || !out.endsWith('</svg>')) return '';
  // Drawn inline in an HTML page, the root needs its namespace only as markup; keep one so a file download opens.
  return /^<svg[^>]*\sxmlns=/.test(out)
    ? out
    : out.replace(/^<svg/, '<svg xmlns="http://www.w3.org/2000/svg"');
}
