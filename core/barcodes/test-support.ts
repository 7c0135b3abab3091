/**
 * Reading bars back out of our SVG, for tests: the module pattern a scanner would see, and a Code 128
 * decoder to compare encodings that differ only in code-set choices. Not used by shipped code.
 */

/** The bar pattern of a linear barcode SVG as '1' (bar) and '0' (space) per module, quiet zones trimmed. */
export function svgModules(svg: string, unitsPerModule = 2): string {
  const bars: [number, number][] = [];
  for (const m of svg.matchAll(/<path stroke="[^"]*" stroke-width="([\d.]+)" d="([^"]*)"/g)) {
    const width = Number(m[1]);
    for (const line of m[2].matchAll(/M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)/g)) {
      // Only vertical strokes are bars; ITF-14's bearer box is a filled path and never matches.
      if (line[1] !== line[3]) continue;
      const x = Number(line[1]);
      bars.push([x - width / 2, x + width / 2]);
    }
  }
  if (bars.length === 0) return '';
  const start = Math.min(...bars.map((b) => b[0]));
  const end = Math.max(...bars.map((b) => b[1]));
  const modules = Array.from({ length: Math.round((end - start) / unitsPerModule) }, () => '0');
  for (const [from, to] of bars) {
    for (
      let i = Math.round((from - start) / unitsPerModule);
      i < Math.round((to - start) / unitsPerModule);
      i++
    ) {
      modules[i] = '1';
    }
  }
  return modules.join('');
}

/** Runs of equal modules: "1101" -> [2, 1, 1]. */
export function runs(modules: string): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < modules.length) {
    let j = i;
    while (j < modules.length && modules[j] === modules[i]) j++;
    out.push(j - i);
    i = j;
  }
  return out;
}

/** Narrow/wide elements of a two-width symbology (Code 39, ITF), independent of the wide:narrow ratio. */
export function narrowWide(modules: string): string {
  const r = runs(modules);
  const narrow = Math.min(...r);
  return r.map((w) => (w > narrow ? 'W' : 'N')).join('');
}

export function trimQuietZones(modules: string): string {
  return modules.replace(/^0+|0+$/g, '');
}

// Code 128 symbol patterns (bar/space widths) for values 0..106, from ISO/IEC 15417.
const CODE128_PATTERNS = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
  '2331112',
];

/** Symbol values of a Code 128 module pattern (start, data, checksum; stop dropped), or null if unreadable. */
export function code128Values(modules: string): number[] | null {
  const widths = runs(trimQuietZones(modules)).join('');
  const values: number[] = [];
  for (let i = 0; i < widths.length;) {
    const stop = widths.slice(i, i + 7);
    if (stop === CODE128_PATTERNS[106]) return i + 7 === widths.length ? values : null;
    const value = CODE128_PATTERNS.indexOf(widths.slice(i, i + 6));
    if (value < 0 || value > 105) return null;
    values.push(value);
    i += 6;
  }
  return null;
}

/**
 * The data a scanner reads from Code 128 symbol values, with function codes written as {FNC1}..{FNC4}.
 * Throws on a bad checksum. Extended (FNC4) characters are decoded to Latin-1.
 */
export function decodeCode128(values: number[]): string {
  const [start, ...rest] = values;
  const check = rest.pop();
  const sum = values.slice(0, -1).reduce((acc, v, i) => acc + v * Math.max(i, 1), 0) % 103;
  if (sum !== check) throw new Error(`Code 128 checksum ${check} should be ${sum}`);
  let set = start === 103 ? 'A' : start === 104 ? 'B' : start === 105 ? 'C' : '';
  if (!set) throw new Error(`Not a Code 128 start value: ${start}`);
  let out = '';
  let shift = '';
  let fnc4 = false;
  const emit = (code: number) => {
    out += String.fromCharCode(fnc4 ? code + 128 : code);
    fnc4 = false;
  };
  for (const v of rest) {
    const current = shift || set;
    shift = '';
    if (current === 'C') {
      if (v < 100) out += String(v).padStart(2, '0');
      else if (v === 100) set = 'B';
      else if (v === 101) set = 'A';
      else if (v === 102) out += '{FNC1}';
      continue;
    }
    if (v < 96) emit(current === 'A' ? (v < 64 ? v + 32 : v - 64) : v + 32);
    else if (v === 96) out += '{FNC3}';
    else if (v === 97) out += '{FNC2}';
    else if (v === 98) shift = current === 'A' ? 'B' : 'A';
    else if (v === 99) set = 'C';
    else if (v === 100) {
      if (current === 'B') fnc4 = true;
      else set = 'B';
    } else if (v === 101) {
      if (current === 'A') fnc4 = true;
      else set = 'A';
    } else if (v === 102) out += '{FNC1}';
  }
  return out;
}

// EAN/UPC digit patterns (ISO/IEC 15420): L codes; R codes are their complement, G codes the reversed R.
const EAN_L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const EAN_R = EAN_L.map((l) => [...l].map((b) => (b === '1' ? '0' : '1')).join(''));
const EAN_G = EAN_R.map((r) => [...r].reverse().join(''));
// UPC-E (number system 0): the check digit is the odd (L) / even (G) parity pattern of the six digits.
const UPCE_PARITY = [
  'GGGLLL',
  'GGLGLL',
  'GGLLGL',
  'GGLLLG',
  'GLGGLL',
  'GLLGGL',
  'GLLLGG',
  'GLGLGL',
  'GLGLLG',
  'GLLGLG',
];

function eanDigits(modules: string, tables: string[][]): { digits: string; parity: string } | null {
  let digits = '';
  let parity = '';
  for (let i = 0; i < modules.length; i += 7) {
    const chunk = modules.slice(i, i + 7);
    const found = tables.findIndex((t) => t.includes(chunk));
    if (found < 0) return null;
    digits += String(tables[found].indexOf(chunk));
    parity += found === 0 ? 'L' : found === 1 ? 'G' : 'R';
  }
  return { digits, parity };
}

/**
 * The digits a scanner reads from an EAN-8 or UPC-A bar pattern (guards, left L digits, centre guard, right
 * R digits), or from a UPC-E pattern (six L/G digits whose parity spells the check digit, number system 0).
 * Independent of bwip-js, so a test can check what was encoded. Null when the pattern is not such a symbol.
 */
export function decodeEanUpc(modules: string, kind: 'ean8' | 'upca' | 'upce'): string | null {
  const m = trimQuietZones(modules);
  if (kind === 'upce') {
    if (m.length !== 51 || !m.startsWith('101') || !m.endsWith('010101')) return null;
    const six = eanDigits(m.slice(3, 45), [EAN_L, EAN_G]);
    const check = six ? UPCE_PARITY.indexOf(six.parity) : -1;
    return six && check >= 0 ? `0${six.digits}${check}` : null;
  }
  const half = kind === 'ean8' ? 4 : 6;
  if (m.length !== 3 + half * 14 + 5 + 3 || !m.startsWith('101') || !m.endsWith('101')) return null;
  const left = eanDigits(m.slice(3, 3 + half * 7), [EAN_L]);
  const centre = m.slice(3 + half * 7, 8 + half * 7);
  const right = eanDigits(m.slice(8 + half * 7, 8 + half * 14), [EAN_R]);
  return left && right && centre === '01010' ? left.digits + right.digits : null;
}

// Interleaved 2 of 5: each digit is five elements, two of them wide.
const ITF_DIGITS = ['NNWWN', 'WNNNW', 'NWNNW', 'WWNNN', 'NNWNW', 'WNWNN', 'NWWNN', 'NNNWW', 'WNNWN', 'NWNWN'];

/** The digits of an ITF(-14) bar pattern: start NNNN, digit pairs interleaved in bars and spaces, end WNN. */
export function decodeItf(modules: string): string | null {
  const e = narrowWide(trimQuietZones(modules));
  if (!e.startsWith('NNNN') || !e.endsWith('WNN') || (e.length - 7) % 10 !== 0) return null;
  let out = '';
  for (let i = 4; i < e.length - 3; i += 10) {
    const pair = e.slice(i, i + 10);
    const bars = ITF_DIGITS.indexOf([0, 2, 4, 6, 8].map((j) => pair[j]).join(''));
    const spaces = ITF_DIGITS.indexOf([1, 3, 5, 7, 9].map((j) => pair[j]).join(''));
    if (bars < 0 || spaces < 0) return null;
    out += `${bars}${spaces}`;
  }
  return out;
}
