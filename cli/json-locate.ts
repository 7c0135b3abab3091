/**
 * Where things are in a JSON file, so the CLI can say `catalog.json:12:7: ...` instead of a byte offset
 * (JSON.parse's messages carry a position only sometimes, and never a line) and can point a schema error
 * at the value it is about. A small scanner that follows the JSON grammar (RFC 8259) and keeps the
 * offset of every value.
 */

export type JsonPath = readonly (string | number)[];

export interface JsonNode {
  /** Offset of the value's first character. */
  offset: number;
  /** Values of an object by key, or of an array by index. */
  children?: Map<string | number, JsonNode>;
}

export class JsonSyntaxError extends Error {
  readonly offset: number;
  constructor(offset: number, message: string) {
    super(message);
    this.name = 'JsonSyntaxError';
    this.offset = offset;
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

function describeChar(ch: string | undefined): string {
  if (ch === undefined) return 'the end of the file';
  if (ch === '\n' || ch === '\r') return 'a line break';
  return JSON.stringify(ch);
}

class Scanner {
  private i: number;
  constructor(
    private readonly s: string,
    start: number,
  ) {
    this.i = start;
  }

  parseDocument(): JsonNode {
    const node = this.value();
    this.ws();
    if (this.i < this.s.length) {
      throw new JsonSyntaxError(
        this.i,
        `unexpected ${describeChar(this.s[this.i])} after the end of the JSON value`,
      );
    }
    return node;
  }

  private ws(): void {
    while (this.i < this.s.length && WHITESPACE.has(this.s[this.i]!)) this.i++;
  }

  private fail(expected: string): never {
    throw new JsonSyntaxError(this.i, `expected ${expected}, found ${describeChar(this.s[this.i])}`);
  }

  private value(): JsonNode {
    this.ws();
    const offset = this.i;
    const ch = this.s[this.i];
    if (ch === '{') return this.object();
    if (ch === '[') return this.array();
    if (ch === '"') {
      this.string();
      return { offset };
    }
    for (const word of ['true', 'false', 'null']) {
      if (this.s.startsWith(word, this.i)) {
        this.i += word.length;
        return { offset };
      }
    }
    NUMBER.lastIndex = this.i;
    if (NUMBER.test(this.s) && NUMBER.lastIndex > this.i) {
      this.i = NUMBER.lastIndex;
      return { offset };
    }
    return this.fail('a value');
  }

  private object(): JsonNode {
    const node: JsonNode = { offset: this.i, children: new Map() };
    this.i++;
    this.ws();
    if (this.s[this.i] === '}') {
      this.i++;
      return node;
    }
    for (;;) {
      this.ws();
      if (this.s[this.i] !== '"') this.fail('a property name in double quotes');
      const key = this.string();
      this.ws();
      if (this.s[this.i] !== ':') this.fail('":" after the property name');
      this.i++;
      node.children!.set(key, this.value());
      this.ws();
      if (this.s[this.i] === ',') {
        this.i++;
        continue;
      }
      if (this.s[this.i] === '}') {
        this.i++;
        return node;
      }
      this.fail('"," or "}" after a property value');
    }
  }

  private array(): JsonNode {
    const node: JsonNode = { offset: this.i, children: new Map() };
    this.i++;
    this.ws();
    if (this.s[this.i] === ']') {
      this.i++;
      return node;
    }
    for (let index = 0; ; index++) {
      node.children!.set(index, this.value());
      this.ws();
      if (this.s[this.i] === ',') {
        this.i++;
        continue;
      }
      if (this.s[this.i] === ']') {
        this.i++;
        return node;
      }
      this.fail('"," or "]" after an array item');
    }
  }

  /** Reads a string starting at its opening quote and returns its value. */
  private string(): string {
    const start = this.i;
    this.i++;
    for (;;) {
      const ch = this.s[this.i];
      if (ch === undefined) throw new JsonSyntaxError(start, 'a string is never closed (missing ")');
      if (ch === '"') break;
      if (ch < ' ') throw new JsonSyntaxError(this.i, `${describeChar(ch)} inside a string must be escaped`);
      if (ch === '\\') {
        const next = this.s[this.i + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(this.s.slice(this.i + 2, this.i + 6))) {
            throw new JsonSyntaxError(this.i, 'invalid \\u escape: it needs 4 hexadecimal digits');
          }
          this.i += 6;
          continue;
        }
        if (next === undefined || !ESCAPES.has(next)) {
          throw new JsonSyntaxError(this.i, `invalid escape \\${next ?? ''} in a string`);
        }
        this.i += 2;
        continue;
      }
      this.i++;
    }
    this.i++;
    return JSON.parse(this.s.slice(start, this.i)) as string;
  }
}

/** A UTF-8 byte order mark is not JSON, but editors on Windows write one; it is skipped like whitespace. */
const start = (text: string): number => (text.charCodeAt(0) === 0xfeff ? 1 : 0);

/** The position tree of a JSON text; throws JsonSyntaxError at the first mistake. */
export function scanJson(text: string): JsonNode {
  return new Scanner(text, start(text)).parseDocument();
}

/** Parses JSON like JSON.parse, but a syntax error says where it is (JsonSyntaxError.offset). */
export function parseJson(text: string): unknown {
  const body = text.slice(start(text));
  try {
    return JSON.parse(body);
  } catch (error) {
    scanJson(text);
    // The scanner accepted what JSON.parse refused: report JSON.parse's own words at the start.
    throw new JsonSyntaxError(0, error instanceof Error ? error.message : String(error));
  }
}

/**
 * The offset of the value at `path`, or of its deepest ancestor present in the file (a missing property is
 * reported at the object that lacks it).
 */
export function locateJsonPath(root: JsonNode, path: JsonPath): number {
  let node = root;
  for (const key of path) {
    const child = node.children?.get(key);
    if (!child) break;
    node = child;
  }
  return node.offset;
}

/** 1-based line and column of an offset; `\r\n`, `\n` and `\r` each end a line, as editors count. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) {
      line++;
      lineStart = i + 1;
    }
  }
  // A BOM takes no column.
  const bom = line === 1 && text.charCodeAt(0) === 0xfeff ? 1 : 0;
  return { line, column: offset - lineStart - bom + 1 };
}
