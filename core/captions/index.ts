/**
 * Caption and description templates (SPEC §5 'Caption and description tokens', 'Price formulas'; DESIGN §6):
 * parsed once to an AST, evaluated per product to HTML. Merchant guide: docs/templates.md.
 *
 * Contract with the page renderer: sanitize the template's own HTML (sanitizeHtml) before parsing; the
 * evaluated output is then safe to insert as HTML. It holds only that sanitized HTML, escaped product
 * values, sanitized description HTML, and SVG/<img> markup generated here.
 */
import type { Product } from '../model/index.ts';
import type { TemplateAst } from './ast.ts';
import type { CaptionContext } from './context.ts';
import { evaluateTemplate } from './evaluate.ts';
import { parseTemplate } from './parse.ts';
import { usesVariantColumns as usesVariantColumnsOf } from './variants.ts';

export type { CaptionContext } from './context.ts';
export type {
  Expr,
  ErrorNode,
  FieldNode,
  FormulaNode,
  TemplateAst,
  TemplateNode,
  TextNode,
  TokenNode,
  Clause,
  Segment,
  VariantsColumn,
  VariantsNode,
} from './ast.ts';
export { parseTemplate } from './parse.ts';
export { filledVariantColumns } from './variants.ts';
export { suggestToken } from './suggest.ts';
export { templateProblems, type TemplateProblem } from './problems.ts';
export { applyReplacements, evaluateTemplate } from './evaluate.ts';
export { TOKENS, type TokenGroup, type TokenInfo } from './tokens.ts';
export { captionKeywords, type CaptionKeyword } from './keywords.ts';
export { CAPTION_METAFIELD_TYPES, isCaptionMetafield } from './values.ts';
export { formatPrice, resolveLocale, type PriceForm } from './format.ts';

const CACHE_SIZE = 200;
const cache = new Map<string, TemplateAst>();

/** Parses a template once: a catalog uses a handful of templates for thousands of products. */
function cachedParse(source: string): TemplateAst {
  const hit = cache.get(source);
  if (hit) {
    // Map keeps insertion order: re-inserting makes this the most recently used entry.
    cache.delete(source);
    cache.set(source, hit);
    return hit;
  }
  const ast = parseTemplate(source);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(source, ast);
  return ast;
}

/**
 * Whether a template holds a VARIANTS table naming no columns, the kind the catalog's variant table columns
 * (variants_table_configuration) fill.
 */
export function usesVariantColumns(source: string): boolean {
  return usesVariantColumnsOf(cachedParse(typeof source === 'string' ? source : '').nodes);
}

/** parseTemplate (cached) then evaluateTemplate. Never throws. */
export function renderTemplate(source: string, product: Product, ctx: CaptionContext): string {
  try {
    return evaluateTemplate(cachedParse(typeof source === 'string' ? source : ''), product, ctx);
  } catch (error) {
    try {
      ctx?.log?.(`Caption template failed: ${error instanceof Error ? error.message : String(error)}`, error);
    } catch {
      // Nothing left to report to.
    }
    return '';
  }
}
