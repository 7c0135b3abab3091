import { normalizeHex, parseColor, toHex, type Rgb } from './contrast.ts';

/**
 * SPEC §7 POST /api/v3/tools/colors: variant option values ('Red', 'Navy', 'Heather grey', '#3a5', 'Bleu
 * marine') mapped to the colour of their swatch in captions. English and French names, the CSS colour names,
 * the trade's usual apparel names; 'light'/'dark'/'pale' and 'clair'/'foncé'/'pâle' lighten or darken a known
 * colour. A value that names no colour gets none (it is left out of the answer).
 */

// Names are stored without accents, lower case, single spaces ('bleu fonce' matches 'Bleu foncé').
const EN: Record<string, string> = {
  // CSS colour names (those a merchant would type as an option value).
  aliceblue: '#f0f8ff',
  antiquewhite: '#faebd7',
  aqua: '#00ffff',
  aquamarine: '#7fffd4',
  azure: '#f0ffff',
  beige: '#f5f5dc',
  bisque: '#ffe4c4',
  black: '#000000',
  blue: '#0000ff',
  blueviolet: '#8a2be2',
  brown: '#a52a2a',
  burlywood: '#deb887',
  cadetblue: '#5f9ea0',
  chartreuse: '#7fff00',
  chocolate: '#d2691e',
  coral: '#ff7f50',
  cornflowerblue: '#6495ed',
  cornsilk: '#fff8dc',
  crimson: '#dc143c',
  cyan: '#00ffff',
  darkblue: '#00008b',
  darkgreen: '#006400',
  darkred: '#8b0000',
  darkgray: '#a9a9a9',
  darkgrey: '#a9a9a9',
  deeppink: '#ff1493',
  dodgerblue: '#1e90ff',
  firebrick: '#b22222',
  forestgreen: '#228b22',
  fuchsia: '#ff00ff',
  gainsboro: '#dcdcdc',
  gold: '#ffd700',
  goldenrod: '#daa520',
  gray: '#808080',
  grey: '#808080',
  green: '#008000',
  greenyellow: '#adff2f',
  honeydew: '#f0fff0',
  hotpink: '#ff69b4',
  indianred: '#cd5c5c',
  indigo: '#4b0082',
  ivory: '#fffff0',
  khaki: '#c3b091',
  lavender: '#e6e6fa',
  lawngreen: '#7cfc00',
  lemonchiffon: '#fffacd',
  lightblue: '#add8e6',
  lightgray: '#d3d3d3',
  lightgrey: '#d3d3d3',
  lightpink: '#ffb6c1',
  lime: '#00ff00',
  limegreen: '#32cd32',
  linen: '#faf0e6',
  magenta: '#ff00ff',
  maroon: '#800000',
  midnightblue: '#191970',
  mintcream: '#f5fffa',
  mistyrose: '#ffe4e1',
  moccasin: '#ffe4b5',
  navy: '#000080',
  navyblue: '#000080',
  oldlace: '#fdf5e6',
  olive: '#808000',
  olivedrab: '#6b8e23',
  orange: '#ffa500',
  orangered: '#ff4500',
  orchid: '#da70d6',
  peachpuff: '#ffdab9',
  peru: '#cd853f',
  pink: '#ffc0cb',
  plum: '#dda0dd',
  powderblue: '#b0e0e6',
  purple: '#800080',
  rebeccapurple: '#663399',
  red: '#ff0000',
  rosybrown: '#bc8f8f',
  royalblue: '#4169e1',
  saddlebrown: '#8b4513',
  salmon: '#fa8072',
  sandybrown: '#f4a460',
  seagreen: '#2e8b57',
  seashell: '#fff5ee',
  sienna: '#a0522d',
  silver: '#c0c0c0',
  skyblue: '#87ceeb',
  slateblue: '#6a5acd',
  slategray: '#708090',
  slategrey: '#708090',
  snow: '#fffafa',
  springgreen: '#00ff7f',
  steelblue: '#4682b4',
  tan: '#d2b48c',
  teal: '#008080',
  thistle: '#d8bfd8',
  tomato: '#ff6347',
  turquoise: '#40e0d0',
  violet: '#ee82ee',
  wheat: '#f5deb3',
  white: '#ffffff',
  whitesmoke: '#f5f5f5',
  yellow: '#ffff00',
  yellowgreen: '#9acd32',
  // The trade's names.
  'heather grey': '#b6b6b4',
  'heather gray': '#b6b6b4',
  heather: '#b6b6b4',
  'dark heather': '#545454',
  'sport grey': '#9b9b9b',
  'ash grey': '#c8c8c3',
  ash: '#c8c8c3',
  charcoal: '#36454f',
  graphite: '#41424c',
  anthracite: '#383e42',
  slate: '#708090',
  stone: '#b8b0a2',
  pebble: '#a59f94',
  sand: '#c2b280',
  camel: '#c19a6b',
  taupe: '#8b8589',
  mocha: '#6f4e37',
  espresso: '#4b3621',
  cognac: '#9a463d',
  caramel: '#af6f09',
  cream: '#fffdd0',
  ecru: '#e6dcc0',
  natural: '#e8dcc4',
  oatmeal: '#d9cdb8',
  offwhite: '#f8f8f0',
  'off white': '#f8f8f0',
  'off-white': '#f8f8f0',
  bone: '#e3dac9',
  nude: '#e3bc9a',
  blush: '#de5d83',
  rose: '#ff007f',
  'dusty rose': '#c9a9a6',
  'dusty pink': '#d58a94',
  fuschia: '#ff00ff',
  burgundy: '#800020',
  wine: '#722f37',
  bordeaux: '#5c0120',
  cherry: '#de3163',
  raspberry: '#e30b5c',
  rust: '#b7410e',
  terracotta: '#e2725b',
  brick: '#cb4154',
  copper: '#b87333',
  bronze: '#cd7f32',
  mustard: '#e1ad01',
  ochre: '#cc7722',
  lemon: '#fff44f',
  peach: '#ffcba4',
  apricot: '#fbceb1',
  mint: '#98ff98',
  sage: '#9caf88',
  'olive green': '#808000',
  'army green': '#4b5320',
  'forest green': '#228b22',
  'bottle green': '#006a4e',
  'kelly green': '#4cbb17',
  emerald: '#50c878',
  jade: '#00a86b',
  pistachio: '#93c572',
  'navy blue': '#000080',
  'royal blue': '#4169e1',
  'sky blue': '#87ceeb',
  'baby blue': '#89cff0',
  'light blue': '#add8e6',
  'dark blue': '#00008b',
  'ice blue': '#d6ecef',
  denim: '#1560bd',
  cobalt: '#0047ab',
  sapphire: '#0f52ba',
  petrol: '#005f6a',
  lilac: '#c8a2c8',
  mauve: '#e0b0ff',
  lavender_: '#e6e6fa',
  grape: '#6f2da8',
  eggplant: '#614051',
  aubergine: '#3d0734',
  plum_: '#8e4585',
  gold_: '#d4af37',
  'rose gold': '#b76e79',
  champagne: '#f7e7ce',
  platinum: '#e5e4e2',
  gunmetal: '#2a3439',
  'jet black': '#0a0a0a',
  ebony: '#555d50',
  'true red': '#bf1932',
  scarlet: '#ff2400',
  'candy red': '#d0312d',
  'hot pink': '#ff69b4',
  'light pink': '#ffb6c1',
  'pale pink': '#fadadd',
  'neon green': '#39ff14',
  'neon yellow': '#cfff04',
  'neon pink': '#ff6ec7',
  'neon orange': '#ff5f1f',
  clear: '#f5f5f5',
  transparent_: '#f5f5f5',
  multicolor: '',
  multicolour: '',
  multi: '',
};

const FR: Record<string, string> = {
  noir: '#000000',
  noire: '#000000',
  blanc: '#ffffff',
  blanche: '#ffffff',
  rouge: '#ff0000',
  bleu: '#0000ff',
  bleue: '#0000ff',
  vert: '#008000',
  verte: '#008000',
  jaune: '#ffff00',
  gris: '#808080',
  grise: '#808080',
  'gris chine': '#b6b6b4',
  'gris clair chine': '#c8c8c3',
  'gris anthracite': '#383e42',
  'gris perle': '#d8d8d8',
  'gris souris': '#9e9e9e',
  orange_: '#ffa500',
  rose_: '#ffc0cb',
  violet_: '#8000ff',
  violette: '#8000ff',
  mauve_: '#d473d4',
  pourpre: '#800080',
  marron: '#8b4513',
  brun: '#6f4e37',
  brune: '#6f4e37',
  chocolat: '#5d3a1a',
  noisette: '#955628',
  'bleu marine': '#000080',
  marine: '#000080',
  'bleu ciel': '#87ceeb',
  'bleu roi': '#4169e1',
  'bleu nuit': '#191970',
  'bleu canard': '#048b9a',
  'bleu petrole': '#005f6a',
  'bleu jean': '#1560bd',
  'bleu turquoise': '#40e0d0',
  turquoise_: '#40e0d0',
  'vert olive': '#808000',
  'vert sapin': '#095228',
  'vert bouteille': '#006a4e',
  'vert pomme': '#34c924',
  "vert d'eau": '#b0f2b6',
  'vert menthe': '#98ff98',
  'vert emeraude': '#50c878',
  'vert kaki': '#c3b091',
  kaki: '#c3b091',
  menthe: '#98ff98',
  emeraude: '#50c878',
  bordeaux_: '#5c0120',
  lie_de_vin: '#722f37',
  'lie de vin': '#722f37',
  framboise: '#c72c48',
  cerise: '#de3163',
  corail: '#ff7f50',
  saumon: '#fa8072',
  fuchsia_: '#ff00ff',
  'rose poudre': '#f4c2c2',
  'rose pale': '#fadadd',
  'vieux rose': '#c08081',
  'rose fuchsia': '#ff00ff',
  rouille: '#b7410e',
  brique: '#cb4154',
  cuivre: '#b87333',
  bronze_: '#cd7f32',
  or: '#d4af37',
  dore: '#d4af37',
  doree: '#d4af37',
  argent: '#c0c0c0',
  argente: '#c0c0c0',
  argentee: '#c0c0c0',
  moutarde: '#e1ad01',
  ocre: '#cc7722',
  citron: '#fff44f',
  peche: '#ffcba4',
  abricot: '#fbceb1',
  ecru_: '#e6dcc0',
  creme: '#fffdd0',
  ivoire: '#fffff0',
  beige_: '#f5f5dc',
  sable: '#c2b280',
  camel_: '#c19a6b',
  taupe_: '#8b8589',
  caramel_: '#af6f09',
  lavande: '#e6e6fa',
  lilas: '#c8a2c8',
  prune: '#8e4585',
  aubergine_: '#3d0734',
  indigo_: '#4b0082',
  ciel: '#87ceeb',
  naturel: '#e8dcc4',
  anthracite_: '#383e42',
  ardoise: '#708090',
  platine: '#e5e4e2',
  transparent: '#f5f5f5',
  multicolore: '',
  'rose gold': '#b76e79',
  'or rose': '#b76e79',
};

/** One lookup table: a trailing underscore marks a name both languages share (kept once). */
const NAMES: Map<string, string> = new Map(
  [...Object.entries(EN), ...Object.entries(FR)]
    .filter(([, hex]) => hex)
    .map(([name, hex]) => [name.replace(/_$/, '').replace(/_/g, ' '), hex]),
);

const LIGHTER = /^(?:light|pale|soft|pastel)\s+(.+)$|^(.+?)\s+(?:clair|claire|pale|pastel)$/;
const DARKER = /^(?:dark|deep|darker)\s+(.+)$|^(.+?)\s+(?:fonce|foncee|sombre|profond|profonde)$/;

/** A value as the table keys it: lower case, no accents, single spaces, no surrounding punctuation. */
export function colorKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/[\s_]+/g, ' ')
    .replace(/^[\s.,;:!?()-]+|[\s.,;:!?()-]+$/g, '');
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => ({
  r: Math.round(a.r + (b.r - a.r) * t),
  g: Math.round(a.g + (b.g - a.g) * t),
  b: Math.round(a.b + (b.b - a.b) * t),
});

function named(key: string): string | null {
  return NAMES.get(key) ?? NAMES.get(key.replace(/\s/g, '')) ?? NAMES.get(key.replace(/-/g, ' ')) ?? null;
}

/** The swatch colour of one option value as #rrggbb, or null when it names no colour. */
export function colorForValue(value: string): string | null {
  if (typeof value !== 'string' || value.length > 100) return null;
  const hex = normalizeHex(value);
  if (hex && /^\s*#/.test(value)) return hex;
  const rgb = /^\s*rgba?\(/i.test(value) ? parseColor(value) : null;
  if (rgb) return toHex(rgb);
  const key = colorKey(value);
  if (!key) return null;
  const direct = named(key);
  if (direct) return direct;
  const light = LIGHTER.exec(key);
  const lightBase = light && named((light[1] ?? light[2])!);
  if (lightBase) return toHex(mix(parseColor(lightBase)!, { r: 255, g: 255, b: 255 }, 0.45));
  const dark = DARKER.exec(key);
  const darkBase = dark && named((dark[1] ?? dark[2])!);
  if (darkBase) return toHex(mix(parseColor(darkBase)!, { r: 0, g: 0, b: 0 }, 0.4));
  // A bare six- or three-digit hex without '#' only when it has a letter a-f (so '100' or '250' stay sizes).
  if (hex && /[a-f]/i.test(value)) return hex;
  return null;
}

/** The answer of POST /api/v3/tools/colors: each value that names a colour, mapped to it (others left out). */
export function colorsForValues(values: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of values) {
    const c = colorForValue(v);
    if (c) out[v] = c;
  }
  return out;
}
