import { describe, expect, it } from 'vitest';
import { CSV_MESSAGES, formatCsvProblem, parseProductCsv } from './index.ts';

describe('formatCsvProblem: file:line:column: message, one line per problem', () => {
  it('puts a problem about the whole file or a whole row at column 1', () => {
    const missing = parseProductCsv('title,price\nShirt,12.50\n').errors[0]!;
    expect(missing.column).toBeNull();
    expect(formatCsvProblem(missing, 'p.csv')).toBe(
      `p.csv:1:1: ${CSV_MESSAGES.missingColumns(['category', 'image'])}`,
    );
    const short = parseProductCsv('title,price,category,image\n').errors[0]!;
    expect(formatCsvProblem(short, 'p.csv')).toBe(`p.csv:1:1: ${CSV_MESSAGES.notEnoughLines}`);
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
