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

export function decodeCsvBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}
