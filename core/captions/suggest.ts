/**
 * What a mistyped token was probably meant to be, for the message the editor shows where it is typed and the
 * CLI prints: [PRICEE] → [PRICE], [PRICE_INT] → [PRICE(INT)], [FULL_PRICE] → [PRICE_FULL], [PRICE(CENTS)] →
 * [PRICE(INT)]. Only suggestions close enough to be the same word are made.
 */
import { TOKEN_SPECS } from './tokens.ts';

const NAMES = Object.keys(TOKEN_SPECS);

/** Edit distance with adjacent swaps (Damerau–Levenshtein, optimal string alignment), stopping past `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows[i] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[i]![j] = j;
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}

const sameParts = (a: string, b: string) =>
  a.split('_').sort().join('_') === b.split('_').sort().join('_') && a.includes('_');

/** The known token name closest to `name`, or null when none is close. */
export function closestTokenName(name: string): string | null {
  const upper = name.toUpperCase();
  if (TOKEN_SPECS[upper]) return upper;
  const swapped = NAMES.find((n) => sameParts(n, upper));
  if (swapped) return swapped;
  const max = upper.length <= 4 ? 1 : upper.length <= 8 ? 2 : 3;
  let best: string | null = null;
  let bestDistance = max + 1;
  for (const candidate of NAMES) {
    const d = distance(upper, candidate, max);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * A token to write instead of `raw` (a bracketed name with an optional form), or null. A known name's wrong form
 * becomes its first form, or none; a name with a form glued on ([PRICE_INT]) gets it in parentheses.
 */
export function suggestToken(raw: string): string | null {
  const m = /^\[([A-Za-z][A-Za-z0-9_]*)(?:\(([^()]*)\))?\]$/.exec(raw.trim());
  if (!m) return null;
  const name = m[1]!.toUpperCase();
  const spec = TOKEN_SPECS[name];
  if (spec) {
    if (spec.forms.length === 0) return `[${name}]`;
    const form = (m[2] ?? '').trim().toUpperCase();
    return spec.forms.includes(form) ? null : `[${name}(${spec.forms[0]})]`;
  }
  const glued = /^(.+)_([A-Z0-9]+)$/.exec(name);
  if (glued && TOKEN_SPECS[glued[1]!]?.forms.includes(glued[2]!)) return `[${glued[1]}(${glued[2]})]`;
  const close = closestTokenName(name);
  if (!close) return null;
  const spec2 = TOKEN_SPECS[close]!;
  const form = (m[2] ?? '').trim().toUpperCase();
  return form && spec2.forms.includes(form) ? `[${close}(${form})]` : `[${close}]`;
}
