import { describe, expect, it } from 'vitest';
import { decodeCsvBytes } from './decode.ts';
import { parseProductCsv } from './index.ts';

const CSV =
  'title,price,category,image\nCrème brûlée,"3,50 €",Pâtisserie,https://x.example/a.jpg\n' +
  'Œuf d’or,"12,00 €",Bœuf,https://x.example/b.jpg\n';

/** CSV as Excel on Windows saves it: one byte per character, "€" as 0x80, "Œ" 0x8c, "’" 0x92, "œ" 0x9c. */
function windows1252(text: string): Uint8Array {
  const special: Record<string, number> = { '€': 0x80, Œ: 0x8c, '’': 0x92, œ: 0x9c };
  return Uint8Array.from([...text].map((ch) => special[ch] ?? ch.charCodeAt(0)));
}

describe('decodeCsvBytes', () => {
  it('reads UTF-8, and drops a byte order mark', () => {
    const utf8 = new TextEncoder().encode(CSV);
    expect(decodeCsvBytes(utf8)).toBe(CSV);
    expect(decodeCsvBytes(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8]))).toBe(CSV);
  });

  it('reads a Windows-1252 file (Excel "CSV" on Windows), accents and euro sign included', () => {
    const bytes = windows1252(CSV);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    expect(decodeCsvBytes(bytes)).toBe(CSV);
    const [listing] = parseProductCsv(decodeCsvBytes(bytes)).listings;
    expect(listing).toMatchObject({ title: 'Crème brûlée', price: 3.5, category: 'Pâtisserie' });
    // Every byte means something in Windows-1252: 0x80-0x9F are letters and signs, not control characters.
    const all = decodeCsvBytes(Uint8Array.from({ length: 256 }, (_, i) => i));
    expect([...all.slice(0x80, 0xa0)].filter((ch) => /[\u0080-\u009f]/.test(ch))).toEqual([
      '\u0081',
      '\u008d',
      '\u008f',
      '\u0090',
      '\u009d',
    ]);
  });

  it('reads UTF-16 with its byte order mark (Excel "Unicode text")', () => {
    const le = [0xff, 0xfe, ...[...CSV].flatMap((ch) => [ch.charCodeAt(0) & 0xff, ch.charCodeAt(0) >> 8])];
    expect(decodeCsvBytes(Uint8Array.from(le))).toBe(CSV);
    const be = [0xfe, 0xff, ...[...CSV].flatMap((ch) => [ch.charCodeAt(0) >> 8, ch.charCodeAt(0) & 0xff])];
    expect(decodeCsvBytes(Uint8Array.from(be))).toBe(CSV);
  });

  it('reads an empty file as empty text', () => {
    expect(decodeCsvBytes(new Uint8Array())).toBe('');
  });
});
