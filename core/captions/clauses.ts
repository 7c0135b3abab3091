/**
 * The words a token takes with it when it prints nothing (a product without stock tracking, a missing SKU):
 * '<p>[PRICE_FULL] · [STOCK] in stock</p>' prints '$12.00', not '$12.00 · in stock'.
 *
 * How the words are bound, decided once at parse time (docs/templates.md 'When a value is missing'):
 * - a segment is the text between two tags (a line break, <br>, does not end it);
 * - a segment splits into clauses at separators: · • | / , ; and a dash between spaces (– — -);
 * - a clause whose tokens all print nothing is dropped, with its words and the separator before it (the one
 *   after it when it is the segment's first clause); a clause without tokens always prints;
 * - an element left with nothing, such as <p>Stock: [STOCK]</p>, is dropped whole.
 * Tokens inside a tag (an attribute value) bind no words.
 */
import type { Clause, Segment, TemplateNode } from './ast.ts';

type Atom =
  | { type: 'tag'; from: number; to: number; name: string; closing: boolean; selfClosing: boolean }
  | { type: 'prose'; from: number; to: number }
  | { type: 'value'; from: number; to: number; index: number };

const VOID = new Set(['br', 'img', 'hr', 'wbr', 'input', 'meta', 'link', 'source', 'col', 'area']);
const WS = '(?:\\s|&nbsp;|&#160;|&#xa0;)';
const MARK = '(?:[·•|,;/]|&middot;|&#183;|&#xb7;|&bull;|&#8226;|&#x2022;)';
const DASH = '(?:[–—-]|&ndash;|&mdash;|&#8211;|&#8212;)';
// Entities are matched as a whole so the ';' ending one is never a separator.
const SEPARATOR = new RegExp(
  `(${WS}*${MARK}${WS}*|${WS}+${DASH}${WS}+)|&(?:#\\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);`,
  'gi',
);

function tagAtom(source: string, from: number, to: number): Atom {
  const m = /^<\s*(\/?)\s*([A-Za-z][A-Za-z0-9-]*)/.exec(source.slice(from, to));
  const name = (m?.[2] ?? '').toLowerCase();
  return {
    type: 'tag',
    from,
    to,
    name,
    closing: m?.[1] === '/',
    selfClosing: VOID.has(name) || /\/\s*>$/.test(source.slice(from, to)),
  };
}

/** The template as tags, prose and values, following tags exactly as the parser does. */
function atoms(source: string, nodes: readonly TemplateNode[]): Atom[] {
  const out: Atom[] = [];
  let inTag = false;
  let quote: string | null = null;
  let tagFrom = 0;
  let proseFrom = -1;
  const flush = (to: number) => {
    if (proseFrom >= 0 && to > proseFrom) out.push({ type: 'prose', from: proseFrom, to });
    proseFrom = -1;
  };
  let at = 0;
  nodes.forEach((node, index) => {
    if (node.kind !== 'text') {
      const to = at + node.raw.length;
      if (!inTag) {
        flush(at);
        out.push({ type: 'value', from: at, to, index });
      }
      at = to;
      return;
    }
    for (let k = 0; k < node.text.length; k++) {
      const c = node.text[k];
      const p = at + k;
      if (inTag) {
        if (quote) {
          if (c === quote) quote = null;
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '>') {
          inTag = false;
          out.push(tagAtom(source, tagFrom, p + 1));
        }
      } else if (c === '<' && /[A-Za-z/!]/.test(source[p + 1] ?? '')) {
        flush(p);
        inTag = true;
        tagFrom = p;
      } else if (proseFrom < 0) proseFrom = p;
    }
    at += node.text.length;
  });
  if (inTag) out.push(tagAtom(source, tagFrom, source.length));
  else flush(source.length);
  return out;
}

/** The clauses of a run of prose, values and line breaks, split at its separators. */
function clausesOf(source: string, run: Atom[]): Clause[] {
  const clauses: Clause[] = [];
  let current: Clause = { from: run[0]!.from, to: run[0]!.from, sep: 0, values: [] };
  const cut = (from: number, to: number) => {
    current.to = from;
    clauses.push(current);
    current = { from, to, sep: to - from, values: [] };
  };
  for (const atom of run) {
    if (atom.type === 'value') current.values.push(atom.index);
    else if (atom.type === 'tag') cut(atom.from, atom.to);
    else {
      const text = source.slice(atom.from, atom.to);
      SEPARATOR.lastIndex = 0;
      for (let m = SEPARATOR.exec(text); m; m = SEPARATOR.exec(text)) {
        if (m[1]) cut(atom.from + m.index, atom.from + m.index + m[0].length);
      }
    }
    current.to = atom.to;
  }
  clauses.push(current);
  return clauses;
}

/** Parse-time work for dropping empty tokens' words: the segments of the template that hold values. */
export function findSegments(source: string, nodes: readonly TemplateNode[]): Segment[] {
  const list = atoms(source, nodes);
  const segments: Segment[] = [];
  let i = 0;
  while (i < list.length) {
    const atom = list[i]!;
    const inRun = (a: Atom) => a.type !== 'tag' || (a.name === 'br' && !a.closing);
    if (!inRun(atom)) {
      i++;
      continue;
    }
    let j = i;
    while (j < list.length && inRun(list[j]!)) j++;
    const run = list.slice(i, j);
    if (run.some((a) => a.type === 'value')) {
      const before = list[i - 1];
      const after = list[j];
      const wrap =
        before?.type === 'tag' &&
        after?.type === 'tag' &&
        !before.closing &&
        !before.selfClosing &&
        after.closing &&
        before.name === after.name
          ? { from: before.from, to: after.to }
          : null;
      segments.push({ clauses: clausesOf(source, run), wrap });
    }
    i = j;
  }
  return segments;
}

/**
 * The source ranges to leave out for one product, from what each node printed: clauses whose tokens all printed
 * nothing, the separator that would then lead the segment, and elements left empty.
 */
export function droppedRanges(segments: readonly Segment[], printed: readonly string[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const segment of segments) {
    const empty = segment.clauses.map((c) => c.values.length > 0 && c.values.every((v) => !printed[v]));
    if (!empty.some(Boolean)) continue;
    if (segment.wrap && empty.every(Boolean)) {
      ranges.push([segment.wrap.from, segment.wrap.to]);
      continue;
    }
    segment.clauses.forEach((c, k) => empty[k] && ranges.push([c.from, c.to]));
    const first = empty.indexOf(false);
    const lead = segment.clauses[first];
    if (first > 0 && lead && lead.sep > 0) ranges.push([lead.from, lead.from + lead.sep]);
  }
  return ranges;
}
