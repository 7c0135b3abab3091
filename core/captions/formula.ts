/**
 * Price formulas, [OP[PRICE*0.9]]: numbers, + - * /, parentheses and price tokens, parsed by hand into an
 * expression tree (never eval). Problems throw FormulaError, which the caller logs and renders as ''.
 */
import type { Expr, FormulaVariable } from './ast.ts';

export const FORMULA_VARIABLES: readonly FormulaVariable[] = [
  'PRICE',
  'MSRP',
  'COMPARE_AT_PRICE',
  'SALE_PRICE',
  'STOCK',
];

export class FormulaError extends Error {
  override name = 'FormulaError';
}

const MAX_LENGTH = 500;
const MAX_DEPTH = 32;

type Tok =
  { type: 'num'; value: number } | { type: 'var'; name: FormulaVariable } | { type: 'op'; op: string };

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    // A comma is a decimal separator too: French merchants write 0,9.
    const num = /^(\d+(?:[.,]\d+)?|[.,]\d+)/.exec(src.slice(i));
    if (num) {
      out.push({ type: 'num', value: Number(num[1].replace(',', '.')) });
      i += num[1].length;
      continue;
    }
    // Price tokens may be written bare (PRICE) or bracketed ([PRICE]) inside a formula.
    const ident = /^\[?([A-Za-z_][A-Za-z0-9_]*)\]?/.exec(src.slice(i));
    if (ident) {
      const name = ident[1].toUpperCase();
      const bracketOk = ident[0].startsWith('[') === ident[0].endsWith(']');
      if (!bracketOk || !(FORMULA_VARIABLES as readonly string[]).includes(name)) {
        throw new FormulaError(`unknown value "${ident[0]}" (use ${FORMULA_VARIABLES.join(', ')})`);
      }
      out.push({ type: 'var', name: name as FormulaVariable });
      i += ident[0].length;
      continue;
    }
    if ('+-*/()'.includes(c)) {
      out.push({ type: 'op', op: c });
      i++;
      continue;
    }
    throw new FormulaError(`unexpected "${c}"`);
  }
  return out;
}

/** Parses a formula body (what sits between OP[ and ]]). Throws FormulaError. */
export function parseFormula(src: string): Expr {
  if (src.length > MAX_LENGTH) throw new FormulaError('formula too long');
  const toks = tokenize(src);
  if (toks.length === 0) throw new FormulaError('empty formula');
  let pos = 0;
  const peekOp = (): string | null => {
    const t = toks[pos];
    return t && t.type === 'op' ? t.op : null;
  };

  const expression = (depth: number): Expr => {
    if (depth > MAX_DEPTH) throw new FormulaError('formula nested too deeply');
    let left = term(depth);
    for (let op = peekOp(); op === '+' || op === '-'; op = peekOp()) {
      pos++;
      left = { kind: 'binary', op, left, right: term(depth) };
    }
    return left;
  };
  const term = (depth: number): Expr => {
    let left = factor(depth);
    for (let op = peekOp(); op === '*' || op === '/'; op = peekOp()) {
      pos++;
      left = { kind: 'binary', op, left, right: factor(depth) };
    }
    return left;
  };
  const factor = (depth: number): Expr => {
    const t = toks[pos];
    if (!t) throw new FormulaError('formula ends too early');
    pos++;
    if (t.type === 'num') return { kind: 'number', value: t.value };
    if (t.type === 'var') return { kind: 'variable', name: t.name };
    if (t.op === '-') return { kind: 'negate', arg: factor(depth + 1) };
    if (t.op === '+') return factor(depth + 1);
    if (t.op === '(') {
      const inner = expression(depth + 1);
      if (peekOp() !== ')') throw new FormulaError('missing ")"');
      pos++;
      return inner;
    }
    throw new FormulaError(`unexpected "${t.op}"`);
  };

  const expr = expression(0);
  if (pos < toks.length) {
    const t = toks[pos];
    throw new FormulaError(`unexpected "${t.type === 'op' ? t.op : t.type === 'var' ? t.name : t.value}"`);
  }
  return expr;
}

/** Evaluates a formula; `lookup` gives a price token's value or null when the product has none. */
export function evaluateFormula(expr: Expr, lookup: (name: FormulaVariable) => number | null): number {
  const value = (e: Expr): number => {
    switch (e.kind) {
      case 'number':
        return e.value;
      case 'variable': {
        const v = lookup(e.name);
        if (v === null || !Number.isFinite(v)) throw new FormulaError(`${e.name} is empty for this product`);
        return v;
      }
      case 'negate':
        return -value(e.arg);
      case 'binary': {
        const l = value(e.left);
        const r = value(e.right);
        if (e.op === '/' && r === 0) throw new FormulaError('division by zero');
        return e.op === '+' ? l + r : e.op === '-' ? l - r : e.op === '*' ? l * r : l / r;
      }
    }
  };
  const result = value(expr);
  if (!Number.isFinite(result)) throw new FormulaError('result is not a number');
  return result;
}
