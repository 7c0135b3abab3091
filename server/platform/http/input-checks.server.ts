/**
 * Checks every request input gets before any schema runs (defineEndpoint and readBody call them): text
 * PostgreSQL can store, and JSON nested no deeper than a document of ours ever is.
 */

/**
 * How deep a body may nest. The deepest documents we take are catalogs: body → catalog → pages → page →
 * elements → element → product → metafields → metafield → its JSON value is 10 levels before the value's own
 * nesting (a store's JSON metafield), so 64 leaves that value 54 levels. Deeper input only ever comes from an
 * attack, and would overflow the stack of whatever walks it recursively next (zod, JSON.stringify, jsonb).
 */
export const MAX_JSON_DEPTH = 64;

export type InputProblem = { path: (string | number)[]; message: string };

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * Why a string cannot be stored, or null. PostgreSQL refuses NUL in text and jsonb, and half a UTF-16
 * surrogate pair is not Unicode text at all (jsonb refuses its \u escape).
 */
export function textProblem(s: string): string | null {
  if (s.includes('\u0000')) return 'must not contain the NUL character (\\u0000)';
  if (LONE_SURROGATE.test(s)) return 'must be valid Unicode text (it has half of a UTF-16 surrogate pair)';
  return null;
}

type Frame = { node: Record<string, unknown> | unknown[]; keys: string[] | null; next: number };

const isContainer = (v: unknown): v is Record<string, unknown> | unknown[] =>
  typeof v === 'object' && v !== null;

function frameOf(node: Record<string, unknown> | unknown[]): Frame {
  return { node, keys: Array.isArray(node) ? null : Object.keys(node), next: 0 };
}

/** The path to the entry each frame is at (the one last taken from it). */
const pathOf = (stack: Frame[]): (string | number)[] =>
  stack.map((f) => (f.keys ? f.keys[f.next - 1]! : f.next - 1));

/**
 * The first string (value or object key) that cannot be stored, or the first container nested deeper than
 * MAX_JSON_DEPTH, in a parsed JSON value or a form's fields. Iterative, so 100,000 levels cannot overflow it,
 * and it holds one frame per level, not per value, so a 64 MB import costs one pass and no copy.
 */
export function findInputProblem(value: unknown): InputProblem | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { path: [], message: problem } : null;
  }
  if (!isContainer(value)) return null;
  const stack: Frame[] = [frameOf(value)];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const size = top.keys ? top.keys.length : (top.node as unknown[]).length;
    if (top.next >= size) {
      stack.pop();
      continue;
    }
    const key = top.keys ? top.keys[top.next]! : top.next;
    top.next++;
    if (typeof key === 'string') {
      const problem = textProblem(key);
      if (problem) return { path: pathOf(stack), message: `this key ${problem}` };
    }
    const child = (top.node as Record<string | number, unknown>)[key];
    if (typeof child === 'string') {
      const problem = textProblem(child);
      if (problem) return { path: pathOf(stack), message: problem };
    } else if (isContainer(child)) {
      if (stack.length >= MAX_JSON_DEPTH)
        return { path: pathOf(stack), message: `nested more than ${MAX_JSON_DEPTH} levels deep` };
      stack.push(frameOf(child));
    }
  }
  return null;
}

/** A path as the messages show it (as describeIssues does): keys made printable and short, long paths cut. */
export function describePath(path: readonly (string | number)[]): string {
  const shown = path
    .slice(0, 8)
    .map((k) =>
      typeof k === 'number'
        ? String(k)
        : k.replace(LONE_SURROGATES, '\uFFFD').replaceAll('\u0000', '\\u0000').slice(0, 60),
    );
  return shown.join('.') + (path.length > 8 ? '.…' : '');
}
