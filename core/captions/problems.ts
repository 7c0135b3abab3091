/**
 * What the caption editor marks where a template is typed: every token written wrongly or unknown, where it is in
 * the text, and what to write instead when there is a good guess.
 */
import { parseTemplate } from './parse.ts';
import { suggestToken } from './suggest.ts';

export type TemplateProblem = {
  /** Offsets [start, end) in the template text. */
  start: number;
  end: number;
  raw: string;
  /** 'unknown': no such token; 'invalid': a token written wrongly (a form it does not take, a broken formula). */
  kind: 'unknown' | 'invalid';
  /** The English detail the CLI and the log print. */
  message: string;
  suggestion: string | null;
};

export function templateProblems(source: string): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  let at = 0;
  for (const node of parseTemplate(source).nodes) {
    const length = node.kind === 'text' ? node.text.length : node.raw.length;
    if (node.kind === 'error')
      problems.push({
        start: at,
        end: at + length,
        raw: node.raw,
        kind: node.message.startsWith(`${node.raw}: unknown token`) ? 'unknown' : 'invalid',
        message: node.message,
        suggestion: suggestToken(node.raw),
      });
    at += length;
  }
  return problems;
}
