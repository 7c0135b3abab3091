import { describe, expect, it } from 'vitest';
import { detectDelimiter, locateCellValue, readRows } from './read-rows.ts';

describe('readRows', () => {
  it('numbers records by the line they start on, across CRLF and quoted multi-line cells', () => {
    const text = 'a,b,c\r\n1,"two\r\nlines",3\r\n4,5,6\r\n"x\ny\nz",8,9\r\n';
    const t = readRows(text);
    expect(t.header?.cells).toEqual(['a', 'b', 'c']);
    expect(t.rows.map((r) => [r.line, r.cells])).toEqual([
      [2, ['1', 'two\nlines', '3']],
      [4, ['4', '5', '6']],
      [5, ['x\ny\nz', '8', '9']],
    ]);
    expect(t.cellLine(t.rows[0], 2)).toBe(3);
    expect(t.cellLine(t.rows[2], 1)).toBe(7);
    expect(t.cellLine(t.rows[2], 0)).toBe(5);
  });

  it('counts a lone CR as a line break and skips blank lines', () => {
    const t = readRows('a,b\r1,2\r\r\n3,4\n');
    expect(t.rows.map((r) => [r.line, r.cells])).toEqual([
      [2, ['1', '2']],
      [4, ['3', '4']],
    ]);
  });

  it('strips a UTF-8 byte order mark from the first header', () => {
    expect(readRows('\uFEFFID,Name\n1,x').header?.cells).toEqual(['ID', 'Name']);
  });

  it('handles doubled quotes and delimiters inside quotes', () => {
    const t = readRows('a,b\n"say ""hi"", then go","x,y"\n');
    expect(t.rows[0].cells).toEqual(['say "hi", then go', 'x,y']);
    expect(t.cellLine(t.rows[0], 1)).toBe(2);
  });

  it('reports an unclosed quote on the line where the quoted value opens', () => {
    const t = readRows('a,b\n1,2\n3,"never closed\nmore\n');
    expect(t.problems).toEqual([expect.objectContaining({ code: 'unclosed_quote', line: 3, column: 2 })]);
  });

  it('reports a quote that closes before the value ends, at its line and column', () => {
    const t = readRows('a,b,c\n1,2,3\n\n4,5,"six"x\n7,8,9\n');
    // papaparse then reads on to the end of the file looking for the real closing quote.
    expect(t.problems.map((p) => [p.code, p.line, p.column])).toEqual([
      ['malformed_quote', 4, 3],
      ['unclosed_quote', 4, 3],
    ]);
  });

  it('reads the delimiter from the header line only', () => {
    expect(detectDelimiter('title;price;category;image\nA;1;B;a.jpg')).toBe(';');
    expect(detectDelimiter('title,price,category,image\nA,1,B,a.jpg;b.jpg;c.jpg')).toBe(',');
    expect(detectDelimiter('title\tprice\n')).toBe('\t');
    expect(detectDelimiter('"a,b";c\n')).toBe(';');
  });
});

describe('locateCellValue', () => {
  it('finds a value as a cell or as one entry of a ;-separated list, at the line the cell starts', () => {
    const text = 'title,description,image\r\nA,"two\nlines",a.jpg; b.jpg\nB,,c.jpg\n';
    expect(locateCellValue(text, 'b.jpg')).toEqual({ line: 3, column: 3 });
    expect(locateCellValue(text, 'c.jpg')).toEqual({ line: 4, column: 3 });
    expect(locateCellValue(text, 'B')).toEqual({ line: 4, column: 1 });
    expect(locateCellValue(text, 'd.jpg')).toBeNull();
  });
});
