import { describe, expect, it } from 'vitest';
import { describePath } from './catalog-file.ts';
import { JsonSyntaxError, lineColumn, locateJsonPath, parseJson, scanJson } from './json-locate.ts';

const syntaxError = (text: string) => {
  try {
    parseJson(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError)
      return { ...lineColumn(text, error.offset), message: error.message };
    throw error;
  }
  return null;
};

describe('JSON positions for the CLI messages', () => {
  it('counts lines like an editor: \\n, \\r\\n and \\r end a line; a BOM takes no column', () => {
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumn('ab\r\ncd', 5)).toEqual({ line: 2, column: 2 });
    expect(lineColumn('ab\rcd', 3)).toEqual({ line: 2, column: 1 });
    expect(lineColumn('\ufeff{"a"', 1)).toEqual({ line: 1, column: 1 });
  });

  it('finds the first mistake where JSON.parse gives no position', () => {
    expect(syntaxError('{"a": }')).toEqual({ line: 1, column: 7, message: 'expected a value, found "}"' });
    expect(syntaxError('{\n  "a": 1\n  "b": 2\n}')).toEqual({
      line: 3,
      column: 3,
      message: 'expected "," or "}" after a property value, found "\\""',
    });
    expect(syntaxError('{"a": [1, 2,]}')).toEqual({
      line: 1,
      column: 13,
      message: 'expected a value, found "]"',
    });
    expect(syntaxError('{"a": "x\ny"}')).toEqual({
      line: 1,
      column: 9,
      message: 'a line break inside a string must be escaped',
    });
    expect(syntaxError('{"a": "x')).toEqual({
      line: 1,
      column: 7,
      message: 'a string is never closed (missing ")',
    });
    expect(syntaxError('{}\n}')).toEqual({
      line: 2,
      column: 1,
      message: 'unexpected "}" after the end of the JSON value',
    });
    expect(syntaxError('')).toEqual({
      line: 1,
      column: 1,
      message: 'expected a value, found the end of the file',
    });
    expect(syntaxError('{"a": 1}')).toBeNull();
    expect(syntaxError('\ufeff{"a": [true, false, null, -1.5e3, "\\u00e9\\n"]}')).toBeNull();
  });

  it('locates a value by its path, or the nearest ancestor that exists', () => {
    const text = '{\n  "pages": [\n    {"id": "p1"},\n    {"id": 2}\n  ]\n}';
    const tree = scanJson(text);
    expect(lineColumn(text, locateJsonPath(tree, ['pages', 1, 'id']))).toEqual({ line: 4, column: 12 });
    expect(lineColumn(text, locateJsonPath(tree, ['pages', 0, 'layout', 'cells']))).toEqual({
      line: 3,
      column: 5,
    });
    expect(locateJsonPath(tree, [])).toBe(0);
  });

  it('names pages, elements and cells as a merchant counts them', () => {
    expect(describePath(['pages', 1, 'elements', 3, 'properties', 'price'])).toBe(
      'page 2, element 4, properties.price',
    );
    expect(describePath(['pages', 0, 'layout', 'cells', 2, 'x'])).toBe('page 1, layout cell 3, x');
    expect(describePath(['pages', 0, 'layout', 'margin'])).toBe('page 1, layout.margin');
    expect(describePath(['settings', 'fonts', 0])).toBe('settings.fonts[0]');
    expect(describePath([])).toBe('');
  });
});
