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
  },
  disallowedTagsMode: 'discard',
};

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

/** A url() target that may be loaded: our own relative paths, https, or inline images and fonts. */
function safeUrl(raw: string): boolean {
  const u = raw
    .trim()
    .replace(/^['"]|['"]$/g, '')
    .trim();
  if (
    /^data:(image\/(png|jpe?g|gif|webp|svg\+xml)|font\/[a-z0-9-]+|application\/font-[a-z0-9-]+)[;,]/i.test(u)
  )
    return true;
  if (/^https:\/\//i.test(u)) return true;
  return !/^[a-z][a-z0-9+.-]*:/i.test(u) && !u.startsWith('//');
}

function safeDeclarationValue(value: string): boolean {
  if (UNSAFE_CSS_VALUE.test(value)) return false;
  const urls = [...value.matchAll(/url\s*\(([^)]*)\)/gi)];
  return urls.every((m) => safeUrl(m[1] ?? ''));
}

const ROOT_SELECTORS = /^(:root|html|body)$/i;

function scopeSelector(selector: string, scope: string): string {
  const s = selector.trim();
  if (!s) return s;
  if (ROOT_SELECTORS.test(s)) return scope;
  // "body .x" / "html .x" become "<scope> .x": the catalog is the document as far as its CSS knows.
  const stripped = s.replace(/^(:root|html|body)(\s+|\s*>\s*)/i, '');
  return `${scope} ${stripped}`;
}

/**
 * Make merchant CSS (branding_css, custom_css) safe and confine it to one catalog: every selector is
 * prefixed with `scope`, :root/html/body map to the scope itself (so CSS variables defined there apply),
 * and @import, unsafe url() targets and script-like values are dropped. Unparseable CSS yields ''.
 */
export function scopeCss(css: string | null | undefined, scope: string): string {
  if (!css || !css.trim()) return '';
  let root: Root;
  try {
    root = postcss.parse(css);
  } catch {
    return '';
  }
  root.walkAtRules((at: AtRule) => {
    const name = at.name.toLowerCase();
    if (name === 'import' || name === 'charset' || name === 'namespace') at.remove();
  });
  root.walkDecls((decl) => {
    if (!safeDeclarationValue(decl.value) || /^(behavior|-moz-binding)$/i.test(decl.prop)) decl.remove();
  });
  root.walkRules((rule) => {
    const parent = rule.parent;
    // Keyframe steps (from, to, 50%) are not selectors.
    if (parent && parent.type === 'atrule' && /keyframes$/i.test((parent as AtRule).name)) return;
    rule.selectors = rule.selectors.map((sel) => scopeSelector(sel, scope));
  });
  return root.toString().replace(/<\/style/gi, '<\\/style');
}
