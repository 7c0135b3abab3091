/**
 * Template parser. Scans merchant HTML for [TOKENS]; everything else is kept as text. Never throws:
 * - text in square brackets that is not written as a token ([New!], [see below], [title], [M]) stays as typed,
 *   since merchants use brackets in prose;
 * - a name in capitals that is no token ([PRICEE]) is an error node with a suggestion: it never prints as typed;
 * - a known token written wrongly ([PRICE(CENTS)], [OP[PRICE*]]) becomes an error node that renders ''
 *   and is logged, so the mistake is visible in the editor log without breaking the caption.
 */
import type {
  ErrorNode,
  FieldNode,
  TemplateAst,
  TemplateNode,
  TokenNode,
  VariantsColumn,
  VariantsNode,
} from './ast.ts';
import { FormulaError, parseFormula } from './formula.ts';
import { findSegments } from './clauses.ts';
import { suggestToken } from './suggest.ts';
import { TOKEN_SPECS, VARIANTS_FLAGS } from './tokens.ts';

/** How far a token may extend; keeps parsing linear on pathological input such as 10,000 "[OP[". */
const MAX_TOKEN_LENGTH = 600;

const FORMULA_PREFIXES = [
  ['[OP_ROUND[', 'round'],
  ['[OP_FULL[', 'full'],
  ['[OP[', 'decimal'],
] as const;

const NAME = /[A-Z][A-Z0-9_]*/y;
// Metafield namespaces and keys, custom field keys: anything but brackets, parentheses, tags and quotes.
const FIELD = /(LISTING|VARIANT)\.([^[\]()<>"]{1,200})\]/y;

type Found = { node: TemplateNode; end: number };

function errorTo(source: string, start: number, message: string): Found | null {
  const rel = source.slice(start, start + MAX_TOKEN_LENGTH).indexOf(']');
  if (rel < 0) return null;
  const close = start + rel;
  const raw = source.slice(start, close + 1);
  return { node: { kind: 'error', raw, message: `${raw}: ${message}` } satisfies ErrorNode, end: close + 1 };
}

/** Index of the character closing the bracket or parenthesis opened just before `from`, or -1. */
function matching(source: string, from: number, open: string, close: string): number {
  let depth = 1;
  const limit = Math.min(source.length, from + MAX_TOKEN_LENGTH);
  for (let i = from; i < limit; i++) {
    const c = source[i];
    if (c === open) depth++;
    else if (c === close && --depth === 0) return i;
  }
  return -1;
}

export function fieldNode(
  body: string,
  prefix: 'LISTING' | 'VARIANT',
  raw: string,
  inTag: boolean,
): FieldNode | string {
  if (prefix === 'LISTING' && body.startsWith('CUSTOM_')) {
    const key = body.slice('CUSTOM_'.length).trim();
    if (!key) return 'a custom field needs its key: LISTING.CUSTOM_key';
    return { kind: 'field', source: 'custom', namespace: '', key, raw, inTag };
  }
  const dot = body.indexOf('.');
  const namespace = dot > 0 ? body.slice(0, dot).trim() : '';
  const key = dot > 0 ? body.slice(dot + 1).trim() : '';
  if (!namespace || !key) return `write a metafield as ${prefix}.namespace.key`;
  return {
    kind: 'field',
    source: prefix === 'LISTING' ? 'metafield' : 'variant-metafield',
    namespace,
    key,
    raw,
    inTag,
  };
}

/** Splits "TABLE, SKU, BARCODE(EAN13)" at the commas outside parentheses. */
function splitArgs(args: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of args) {
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    if (c === ',' && depth === 0) {
      out.push(current);
      current = '';
    } else current += c;
  }
  out.push(current);
  return out.map((a) => a.trim()).filter(Boolean);
}

/** A column of a VARIANTS block: a token (SKU, PRICE(INT), BARCODE(EAN13)) or a field, brackets optional. */
function columnNode(arg: string, raw: string): TokenNode | FieldNode | string {
  const text = arg.startsWith('[') && arg.endsWith(']') ? arg.slice(1, -1).trim() : arg;
  const field = /^(LISTING|VARIANT)\.(.+)$/.exec(text);
  if (field) return fieldNode(field[2], field[1] as 'LISTING' | 'VARIANT', raw, false);
  const m = /^([A-Za-z][A-Za-z0-9_]*)\s*(?:\(\s*([^()]*?)\s*\))?$/.exec(text);
  const name = m?.[1].toUpperCase();
  const spec = name ? TOKEN_SPECS[name] : undefined;
  if (!m || !name || !spec || !spec.column) return `VARIANTS cannot show "${arg}"`;
  const form = m[2] ? m[2].toUpperCase() : null;
  if (form && !spec.forms.includes(form)) return `${name} has no form ${form}`;
  return { kind: 'token', name, form, raw, inTag: false };
}

function variantsNode(args: string, raw: string, inTag: boolean): VariantsNode | string {
  let layout: VariantsNode['layout'] = 'list';
  let showHeaders = false;
  const columns: VariantsColumn[] = [];
  for (const arg of splitArgs(args)) {
    const word = arg.toUpperCase() as (typeof VARIANTS_FLAGS)[number];
    if (word === 'LIST') layout = 'list';
    else if (word === 'TABLE') layout = 'table';
    else if (word === 'LOOSE_TABLE') layout = 'loose';
    else if (word === 'STRICT_TABLE') layout = 'strict';
    else if (word === 'SHOW_HEADERS') showHeaders = true;
    else if (word === 'OPTIONS') columns.push({ kind: 'options' });
    else {
      const node = columnNode(arg, raw);
      if (typeof node === 'string') return node;
      columns.push({ kind: 'value', node });
    }
  }
  const defaultColumns = columns.length === 0;
  if (defaultColumns) {
    columns.push(
      { kind: 'options' },
      { kind: 'value', node: { kind: 'token', name: 'PRICE_FULL', form: null, raw, inTag: false } },
    );
  }
  return { kind: 'variants', layout, showHeaders, columns, defaultColumns, raw, inTag };
}

function parseFormulaToken(source: string, start: number, inTag: boolean): Found | null {
  for (const [prefix, mode] of FORMULA_PREFIXES) {
    if (!source.startsWith(prefix, start)) continue;
    const bodyStart = start + prefix.length;
    const close = matching(source, bodyStart, '[', ']');
    if (close < 0) return null;
    if (source[close + 1] !== ']') return errorTo(source, start, 'a formula ends with "]]"');
    const raw = source.slice(start, close + 2);
    try {
      const expr = parseFormula(source.slice(bodyStart, close));
      return { node: { kind: 'formula', mode, expr, raw, inTag }, end: close + 2 };
    } catch (error) {
      const message = error instanceof FormulaError ? error.message : String(error);
      return { node: { kind: 'error', raw, message: `${raw}: ${message}` }, end: close + 2 };
    }
  }
  return null;
}

/**
 * A name in capitals between brackets that is no token ([PRICEE], [STOKC], [COLOUR]): an error node, so it never
 * prints as typed, with the token it was probably meant to be. A single capital ([M]) is prose.
 */
function unknownToken(source: string, start: number, name: string): Found | null {
  if (name.length < 2) return null;
  let pos = start + 1 + name.length;
  if (source[pos] === '(') {
    const close = matching(source, pos + 1, '(', ')');
    if (close < 0) return null;
    pos = close + 1;
  }
  if (source[pos] !== ']') return null;
  const raw = source.slice(start, pos + 1);
  const suggestion = suggestToken(raw);
  const message = `${raw}: unknown token${suggestion ? `; did you mean ${suggestion}?` : ''}`;
  return { node: { kind: 'error', raw, message }, end: pos + 1 };
}

/** The token starting at source[start] === '[', or null when the bracket is ordinary text. */
function parseBracket(source: string, start: number, inTag: boolean): Found | null {
  if (source.startsWith('[OP', start)) {
    const formula = parseFormulaToken(source, start, inTag);
    if (formula) return formula;
  }

  FIELD.lastIndex = start + 1;
  const field = FIELD.exec(source);
  if (field) {
    const raw = source.slice(start, FIELD.lastIndex);
    const node = fieldNode(field[2], field[1] as 'LISTING' | 'VARIANT', raw, inTag);
    if (typeof node === 'string')
      return { node: { kind: 'error', raw, message: `${raw}: ${node}` }, end: FIELD.lastIndex };
    return { node, end: FIELD.lastIndex };
  }

  NAME.lastIndex = start + 1;
  const name = NAME.exec(source)?.[0];
  if (!name) return null;
  const spec = TOKEN_SPECS[name];
  if (!spec) return unknownToken(source, start, name);
  let pos = start + 1 + name.length;
  let form: string | null = null;
  if (source[pos] === '(') {
    const close = matching(source, pos + 1, '(', ')');
    if (close < 0) return errorTo(source, start, 'missing ")"');
    form = source.slice(pos + 1, close).trim();
    pos = close + 1;
  }
  if (source[pos] !== ']') {
    // "[TITLE of the book]" is prose; "[PRICE(INT) ]" is a typo worth reporting.
    return form === null ? null : errorTo(source, start, 'missing "]"');
  }
  const raw = source.slice(start, pos + 1);
  const end = pos + 1;
  const fail = (message: string): Found => ({
    node: { kind: 'error', raw, message: `${raw}: ${message}` },
    end,
  });

  if (name === 'VARIANTS') {
    const node = variantsNode(form ?? '', raw, inTag);
    return typeof node === 'string' ? fail(node) : { node, end };
  }
  const upper = form ? form.toUpperCase() : null;
  if (upper && !spec.forms.includes(upper)) {
    return fail(
      spec.forms.length
        ? `${name} takes one of ${spec.forms.join(', ')}, not ${form}`
        : `${name} takes no form`,
    );
  }
  return { node: { kind: 'token', name, form: upper, raw, inTag }, end };
}

/**
 * Parses a template. The template's own HTML is expected to be sanitized by the caller already; the parser
 * only follows it far enough to know whether a token sits in text or inside a tag (an attribute value).
 */
export function parseTemplate(source: string): TemplateAst {
  const src = typeof source === 'string' ? source : '';
  const nodes: TemplateNode[] = [];
  let text = '';
  let inTag = false;
  let quote: string | null = null;
  const flush = () => {
    if (text) nodes.push({ kind: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '[') {
      const found = parseBracket(src, i, inTag);
      if (found) {
        flush();
        nodes.push(found.node);
        i = found.end;
        continue;
      }
    } else if (inTag) {
      if (quote) {
        if (c === quote) quote = null;
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '>') inTag = false;
    } else if (c === '<' && /[A-Za-z/!]/.test(src[i + 1] ?? '')) {
      inTag = true;
    }
    text += c;
    i++;
  }
  flush();
  return { source: src, nodes, segments: findSegments(src, nodes) };
}
