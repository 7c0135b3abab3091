/**
 * The text of a product file's bytes. Spreadsheets write CSV in one of a few encodings and say nothing about
 * which, so it is told from the bytes:
 * - a UTF-16 byte order mark: UTF-16 (Excel's "Unicode text");
 * - valid UTF-8, with or without a byte order mark (dropped): UTF-8 ("CSV UTF-8", Google Sheets, Numbers,
 *   every store export);
 * - anything else: Windows-1252, what Excel on Windows writes when told plain "CSV". Every byte sequence is
 *   valid Windows-1252, so a file always reads; a UTF-8 file is never misread this way, because Windows-1252
 *   text with accented letters is almost never valid UTF-8.
 * Pure (TextDecoder is in every runtime): the CLI and the app's upload read files through it alike.
 */

// Windows-1252's bytes 0x80-0x9F (WHATWG Encoding table); the other bytes are the Unicode code point of the
// same number. Decoded here rather than by TextDecoder('windows-1252'): some Node versions decode that
// label as Latin-1, turning "€" (0x80) into a control character.
const CP1252_80_9F = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  // In slices, so a 10 MB file does not build one argument list per byte.
  for (let i = 0; i < bytes.length; i += 8192) {
    const codes = Array.from(bytes.subarray(i, i + 8192), (b) =>
      b >= 0x80 && b <= 0x9f ? CP1252_80_9F[b - 0x80]! : b,
    );
    out += String.fromCharCode(...codes);
  }
  return out;
}

/** UTF-16 written without a byte order mark: every other byte of plain text is a zero. */
function utf16WithoutMark(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, 512) & ~1;
  if (n < 4) return null;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  const half = n / 2;
  if (odd >= half * 0.9 && even === 0) return 'utf-16le';
  if (even >= half * 0.9 && odd === 0) return 'utf-16be';
  return null;
}

export function decodeCsvBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  const utf16 = utf16WithoutMark(bytes);
  if (utf16) return new TextDecoder(utf16).decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/**
 * Whether decoded "text" is really the bytes of something else (a picture, a PDF, a spreadsheet's .xlsx, which
 * is a zip) renamed .csv: text never holds a NUL, and holds control characters other than tab, line breaks
 * and form feed only by accident. Read from the first 64 KB, so a huge file costs nothing more.
 */
export function isBinaryText(text: string): boolean {
  const n = Math.min(text.length, 65_536);
  let controls = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return true;
    // C0 controls but \t \n \v \f \r; DEL; C1 controls (Windows-1252 leaves five undefined bytes as such); U+FFFD.
    if ((c < 0x20 && (c < 0x09 || c > 0x0d)) || c === 0x7f || (c >= 0x80 && c <= 0x9f) || c === 0xfffd)
      controls++;
  }
  return controls > 8 && controls > n / 100;
}
