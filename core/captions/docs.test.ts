import { describe, expect, it } from 'vitest';
import guide from '../../docs/templates.md?raw';
import type { Replacement } from '../model/index.ts';
import { renderTemplate } from './index.ts';
import { TEE } from './test-products.ts';
import { TOKEN_SPECS } from './tokens.ts';

type Example = { template: string; output: string; language: string; replacements: Replacement[] };

// The guide shows French spaces as plain spaces; the engine prints the non-breaking ones.
const visible = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

/** Rows of the guide's "| Template | Output |" tables whose cells are inline code or "(nothing)". */
function tableExamples(markdown: string): Example[] {
  const out: Example[] = [];
  let language = '';
  let replacements: Replacement[] = [];
  let inExamples = false;
  for (const line of markdown.split('\n')) {
    const header = /^\| Template( \(([^)]*)\))? \| Output \|$/.exec(line);
    if (header) {
      inExamples = true;
      const note = header[2] ?? '';
      language = note.includes('French') ? 'fr' : 'en';
      const rep = /replacement (\S+) → (\S+)/.exec(note);
      replacements = rep ? [{ source: rep[1], target: rep[2] }] : [];
      continue;
    }
    if (!line.startsWith('|')) {
      inExamples = false;
      continue;
    }
    const row = /^\| `(.+)` \| (?:`(.*)`|\(nothing\)) \|$/.exec(line);
    if (!inExamples || line === '|---|---|') continue;
    // A row the pattern misses would silently go unchecked.
    if (!row) throw new Error(`Example row not understood: ${line}`);
    out.push({ template: row[1], output: row[2] ?? '', language, replacements });
  }
  return out;
}

/** ```template blocks and the ```output block after each; output indentation and line breaks are layout only. */
function blockExamples(markdown: string): Example[] {
  const out: Example[] = [];
  const re = /```template( fr)?\n([\s\S]*?)\n```\s*```output\n([\s\S]*?)\n```/g;
  for (const m of markdown.matchAll(re)) {
    out.push({
      template: m[2],
      output: m[3].replace(/\n\s*/g, ''),
      language: m[1] ? 'fr' : 'en',
      replacements: [],
    });
  }
  return out;
}

const tables = tableExamples(guide);
const blocks = blockExamples(guide);

describe('docs/templates.md', () => {
  it('has the examples this test checks', () => {
    expect(tables).toHaveLength(51);
    expect(blocks).toHaveLength(6);
  });

  it.each([...tables, ...blocks].map((e) => [e.template, e.language, e]))(
    '%s (%s) prints what the guide says',
    (_t, _l, e) => {
      const example = e as Example;
      const out = renderTemplate(example.template, TEE, {
        language: example.language,
        replacements: example.replacements,
      });
      expect(visible(out)).toBe(example.output);
    },
  );

  it('documents every token', () => {
    for (const name of Object.keys(TOKEN_SPECS)) expect(guide, name).toContain(`\`${name}\``);
  });
});
