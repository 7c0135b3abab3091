import type { Product, Replacement } from '../model/index.ts';
import { escapeHtml } from '../sanitize/index.ts';
import type { TemplateAst, TemplateNode } from './ast.ts';
import { droppedRanges } from './clauses.ts';
import { makeEnv, type CaptionContext, type Env, type Subject } from './context.ts';
import { evaluateField, evaluateFormulaNode, evaluateToken } from './evaluate-token.ts';
import { renderVariants } from './variants.ts';

function evaluateNode(node: TemplateNode, subject: Subject, env: Env): string {
  switch (node.kind) {
    case 'text':
      return node.text;
    case 'token':
      return evaluateToken(node, subject, env);
    case 'field':
      return evaluateField(node, subject, env);
    case 'formula':
      return evaluateFormulaNode(node, subject, env);
    case 'variants':
      return renderVariants(node, subject, env);
    case 'error':
      env.log(node.message);
      return '';
  }
}

/** Text as the template HTML may spell it: fully escaped (our values) or with & < > only (sanitized HTML). */
function spellings(text: string): string[] {
  const full = escapeHtml(text);
  const minimal = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return full === minimal ? [full] : [full, minimal];
}

/**
 * The catalog's replacements, in order, on the text of the evaluated HTML: never inside tags (so a
 * replacement cannot break markup or reach an attribute) nor inside generated SVG. Matching is exact and
 * case-sensitive; the target is text, escaped.
 */
export function applyReplacements(html: string, replacements: readonly Replacement[] | undefined): string {
  const active = Array.isArray(replacements)
    ? replacements.filter((r) => r && typeof r.source === 'string' && r.source !== '')
    : [];
  if (active.length === 0 || !html) return html;
  const rules = active.map((r) => ({ from: spellings(r.source), to: escapeHtml(r.target ?? '') }));
  return html.replace(/(<svg[\s\S]*?<\/svg>|<[^>]*>)|([^<]+)/g, (whole, markup: string | undefined) => {
    if (markup) return markup;
    let text = whole;
    for (const rule of rules) for (const from of rule.from) text = text.split(from).join(rule.to);
    return text;
  });
}

const ENTITY = /&(#x[0-9a-f]+|#\d+|colon|tab|newline|amp);?/gi;

function decodeForSchemeCheck(value: string): string {
  return (
    value
      .replace(ENTITY, (_, e: string) => {
        const lower = e.toLowerCase();
        if (lower === 'colon') return ':';
        if (lower === 'tab' || lower === 'newline') return '';
        if (lower === 'amp') return '&';
        const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
        return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      })
      // Browsers skip whitespace and control characters inside a URL scheme ("java\tscript:").
      // eslint-disable-next-line no-control-regex
      .replace(/[\s\u0000-\u001f]/g, '')
  );
}

function scriptCapable(value: string, attribute: string): boolean {
  const url = decodeForSchemeCheck(value).toLowerCase();
  if (attribute === 'src' && /^data:image\//.test(url)) return false;
  return /^(javascript|vbscript|data):/.test(url);
}

/**
 * Empties href and src values that became script addresses once tokens were filled in, e.g.
 * href="java[TITLE]". The template was sanitized before its tokens had values, so this is checked after.
 */
function guardAddresses(html: string): string {
  return html.replace(/(<svg[\s\S]*?<\/svg>)|<[a-zA-Z][^>]*>/g, (tag, svg: string | undefined) =>
    svg
      ? svg
      : tag.replace(
          /(\s(href|src)\s*=\s*)("([^"]*)"|'([^']*)')/gi,
          (attr, before: string, name: string, _q, dq?: string, sq?: string) =>
            scriptCapable(dq ?? sq ?? '', name.toLowerCase()) ? `${before}""` : attr,
        ),
  );
}

/**
 * What the nodes printed, less the words of tokens that printed nothing (clauses.ts): the dropped source ranges
 * are cut out of the template's text, and a node inside one prints nothing.
 */
function withoutEmptyClauses(ast: TemplateAst, printed: string[]): string {
  const ranges = ast.segments ? droppedRanges(ast.segments, printed) : [];
  if (ranges.length === 0) return printed.join('');
  let out = '';
  let at = 0;
  ast.nodes.forEach((node, i) => {
    const from = at;
    const to = at + (node.kind === 'text' ? node.text.length : node.raw.length);
    at = to;
    const cuts = ranges.filter(([a, b]) => a < to && b > from);
    if (cuts.length === 0) {
      out += printed[i];
      return;
    }
    if (node.kind !== 'text') return;
    for (let p = from; p < to; p++) if (!cuts.some(([a, b]) => p >= a && p < b)) out += node.text[p - from];
  });
  return out;
}

/**
 * The HTML of a parsed template for one product. Never throws: a node that fails renders '' and is logged;
 * anything else going wrong renders the whole caption as '' (DESIGN §6: a broken template never crashes a
 * render).
 */
export function evaluateTemplate(ast: TemplateAst, product: Product, ctx: CaptionContext): string {
  let env: Env | null = null;
  try {
    env = makeEnv(product, ctx);
    const subject: Subject = { product, variation: null };
    const printed: string[] = [];
    let attributeTokens = false;
    for (const node of ast.nodes) {
      if ('inTag' in node && node.inTag) attributeTokens = true;
      let html = '';
      try {
        html = evaluateNode(node, subject, env);
      } catch (error) {
        env.log(
          `${'raw' in node ? node.raw : 'text'}: ${error instanceof Error ? error.message : String(error)}`,
          error,
        );
      }
      printed.push(html);
    }
    const out = withoutEmptyClauses(ast, printed);
    return applyReplacements(attributeTokens ? guardAddresses(out) : out, ctx?.replacements);
  } catch (error) {
    try {
      (env?.log ?? ctx?.log)?.(
        `Caption template failed: ${error instanceof Error ? error.message : String(error)}`,
        error,
      );
    } catch {
      // Nothing left to report to.
    }
    return '';
  }
}
