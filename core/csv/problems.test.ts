import { describe, expect, it } from 'vitest';
import { getT } from '../i18n/index.ts';
import { CSV_MESSAGES, csvEnglish, formatCsvProblem, parseProductCsv, type CsvText } from './index.ts';

describe('formatCsvProblem: file:line:column: message, one line per problem', () => {
  it('puts a problem about the whole file or a whole row at column 1', () => {
    const missing = parseProductCsv('title,price\nShirt,12.50\n').errors[0]!;
    expect(missing.column).toBeNull();
    expect(formatCsvProblem(missing, 'p.csv')).toBe(
      `p.csv:1:1: ${csvEnglish(CSV_MESSAGES.missingColumns(['category', 'image']))}`,
    );
    const short = parseProductCsv('title,price,category,image\n').errors[0]!;
    expect(formatCsvProblem(short, 'p.csv')).toBe(`p.csv:1:1: ${csvEnglish(CSV_MESSAGES.notEnoughLines)}`);
  });

  it('keeps a value with line breaks on one line', () => {
    const { errors } = parseProductCsv(
      'title,price,category,image\nShirt,"12\n50",Tops,https://x.example/a.jpg\n',
    );
    const line = formatCsvProblem(errors[0]!, 'p.csv');
    expect(line).toBe('p.csv:2:2: "12\\n50" is not a price (column price)');
    expect(line).not.toMatch(/[\r\n]/);
  });
});

describe("a problem's words in the merchant's language", () => {
  // Every message, each function given the same values (['Title'] is the missing columns' list and, as text,
  // the value the others name).
  const every = Object.values(CSV_MESSAGES).map((m): CsvText =>
    typeof m === 'function' ? (m as (...a: unknown[]) => CsvText)(['Title'], 2, 3) : m,
  );

  it('says every message in English as the API does, and in French, none left in English', () => {
    const en = getT('en', 'csv');
    const fr = getT('fr', 'csv');
    for (const words of every) {
      expect(en(words.key, words.params), words.key).toBe(csvEnglish(words));
      expect(fr(words.key, words.params), words.key).not.toBe(csvEnglish(words));
    }
  });

  it('carries the values each sentence names', () => {
    const { errors } = parseProductCsv(
      'title,price,category,image\nShirt,abc,Tops,https://x.example/a.jpg\n',
    );
    expect(errors[0]!.text).toEqual({ key: 'invalidPrice', params: { value: 'abc' } });
    expect(getT('fr', 'csv')(errors[0]!.text.key, errors[0]!.text.params)).toBe("« abc » n'est pas un prix");
    const missing = parseProductCsv('title,price\nShirt,12.50\n').errors[0]!;
    expect(getT('fr', 'csv')(missing.text.key, missing.text.params)).toBe(
      'Il manque les colonnes suivantes : category, image',
    );
  });
});
