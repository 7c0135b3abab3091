import fc from 'fast-check';

/**
 * Malformed request bodies for an operation of the OpenAPI document, by kind ("mode"): every way a client (or an
 * attacker) can get a body wrong, built from a well-formed sample of the operation's schema so that most of the
 * body is right and one thing is not.
 */

export const MODES = [
  'invalid-json',
  'content-type',
  'multipart',
  'top-level',
  'field-type',
  'bad-string',
  'bad-key',
  'number',
  'long-string',
  'deep',
  'form',
] as const;
export type Mode = (typeof MODES)[number];

export type MalformedBody = {
  mode: Mode;
  /** undefined: no Content-Type header at all. */
  contentType: string | undefined;
  body: string | Uint8Array<ArrayBuffer>;
  /** What was done, for the failure report. */
  label: string;
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonSchema = {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: Json[];
  const?: Json;
  default?: Json;
};

/** A well-formed value of a JSON Schema: every property present, one item per array, one entry per record. */
export function sampleOf(schema: JsonSchema | undefined): Json {
  if (!schema) return 'text';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0]!;
  const members = schema.anyOf ?? schema.oneOf;
  if (members) return sampleOf(members.find((m) => m.type !== 'null') ?? members[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [k, s] of Object.entries(schema.properties ?? {})) out[k] = sampleOf(s);
      if (!schema.properties && typeof schema.additionalProperties === 'object')
        out.key = sampleOf(schema.additionalProperties);
      return out;
    }
    case 'array':
      return [sampleOf(schema.items)];
    case 'string':
      return schema.format === 'email'
        ? 'fuzz@example.com'
        : schema.format === 'uri'
          ? 'https://example.com/a.jpg'
          : 'text';
    case 'integer':
      return 1;
    case 'number':
      return 2.5;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return schema.default ?? {};
  }
}

type Path = (string | number)[];

/** Every place in a value: the root, each property and each item. */
function pathsOf(value: Json, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...path, i], out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...path, k], out);
  return out;
}

function setAt(value: Json, path: Path, replacement: Json): Json {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? setAt(v, rest, replacement) : v));
  const obj = value as Record<string, Json>;
  return { ...obj, [head!]: setAt(obj[head!]!, rest, replacement) };
}

// Stands in the JSON text for raw text JSON.stringify cannot write (1e999, 100,000 levels of nesting).
const RAW = '__raw_json_text__';
const withRaw = (value: Json, path: Path, raw: string) =>
  JSON.stringify(setAt(value, path, RAW)).replace(JSON.stringify(RAW), () => raw);

const pathIn = (base: Json) => {
  const paths = pathsOf(base);
  return fc.nat({ max: paths.length - 1 }).map((i) => paths[i]!);
};
const show = (path: Path) => (path.length ? path.join('.') : '(body)');

const BAD_CHARS = ['\u0000', '\ud800', '\udfff', '\udbff\u0041', '\u0000\u0000'];
const badText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...BAD_CHARS), fc.string({ maxLength: 8 }))
  .map(([a, bad, b]) => a + bad + b);

const json = (mode: Mode, body: string, label: string): MalformedBody => ({
  mode,
  contentType: 'application/json',
  body,
  label,
});

function multipart(fields: string[]) {
  const boundary = 'fuzzBoundary';
  const part = (name: string, value: string, filename?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"` +
    (filename !== undefined ? `; filename="${filename}"\r\nContent-Type: application/octet-stream` : '') +
    `\r\n\r\n${value}\r\n`;
  const wellFormed = fc
    .array(
      fc.tuple(
        fc.constantFrom(...fields, 'x\u0000'),
        fc.oneof(fc.string({ maxLength: 20 }), badText),
        fc.option(fc.oneof(fc.constant('a.png'), fc.constant('a\u0000.csv'), badText), { nil: undefined }),
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((parts) => ({
      label: 'well-formed multipart with garbage fields',
      type: `multipart/form-data; boundary=${boundary}`,
      body: parts.map(([n, v, f]) => part(n, v || 'x', f)).join('') + `--${boundary}--\r\n`,
    }));
  const body = part(fields[0] ?? 'field', 'value') + `--${boundary}--\r\n`;
  return fc.oneof(
    fc.constantFrom(
      { label: 'another boundary', type: 'multipart/form-data; boundary=other', body },
      { label: 'no boundary', type: 'multipart/form-data', body },
      { label: 'empty boundary', type: 'multipart/form-data; boundary=', body },
      {
        label: 'no closing boundary',
        type: `multipart/form-data; boundary=${boundary}`,
        body: part('a', 'b'),
      },
      { label: 'not multipart at all', type: `multipart/form-data; boundary=${boundary}`, body: '{"a":1}' },
      {
        label: 'header without a blank line',
        type: `multipart/form-data; boundary=${boundary}`,
        body: `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n--${boundary}--`,
      },
    ),
    wellFormed,
  );
}

/** Malformed bodies of one mode for an operation whose well-formed body is `base`. */
export function malformedBody(mode: Mode, base: Json): fc.Arbitrary<MalformedBody> {
  const fields = base && typeof base === 'object' && !Array.isArray(base) ? Object.keys(base) : [];
  switch (mode) {
    case 'invalid-json':
      return fc
        .oneof(
          fc.constantFrom(
            '{',
            '{"a":1',
            '[1,]',
            "{'a':1}",
            'nul',
            '{"a":1}}',
            '01',
            '"\\x"',
            '{"a":NaN}',
            '\uFEFF{}',
            '{"a":undefined}',
          ),
          fc.string({ minLength: 1 }).filter((s) => s.trim() !== '' && !parses(s)),
        )
        .map((text) => json(mode, text, `invalid JSON ${JSON.stringify(text.slice(0, 40))}`));
    case 'content-type':
      return fc
        .constantFrom(
          undefined,
          'text/plain',
          'application/xml',
          'text/json',
          'application/jsonx',
          'application/octet-stream',
          'multipart/mixed; boundary=x',
          'image/png',
        )
        .map((type) => ({
          mode,
          contentType: type,
          body: new TextEncoder().encode(JSON.stringify(base)),
          label: `a well-formed body sent as ${type ?? 'no Content-Type'}`,
        }));
    case 'multipart':
      return multipart(fields).map((m) => ({ mode, contentType: m.type, body: m.body, label: m.label }));
    case 'top-level':
      return fc
        .oneof(
          fc.constant(null),
          fc.integer(),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.string(),
          fc.boolean(),
          fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
        )
        .map((v) => json(mode, JSON.stringify(v), `the body is ${JSON.stringify(v).slice(0, 40)}`));
    case 'field-type':
      return fc
        .tuple(pathIn(base), fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>)
        .map(([path, v]) =>
          json(
            mode,
            JSON.stringify(setAt(base, path, v)),
            `${show(path)} = ${JSON.stringify(v).slice(0, 40)}`,
          ),
        );
    case 'bad-string':
      return fc
        .tuple(pathIn(base), badText)
        .map(([path, s]) =>
          json(mode, JSON.stringify(setAt(base, path, s)), `${show(path)} = ${JSON.stringify(s)}`),
        );
    case 'bad-key':
      return fc.tuple(pathIn(base), badText).map(([path, key]) => {
        const at = path.reduce<Json>((v, k) => (v as Record<string, Json>)[k]!, base);
        const target = at && typeof at === 'object' && !Array.isArray(at) ? path : [];
        const holder = target.reduce<Json>((v, k) => (v as Record<string, Json>)[k]!, base);
        const withKey =
          holder && typeof holder === 'object' && !Array.isArray(holder)
            ? { ...holder, [key]: 1 }
            : { [key]: 1 };
        return json(
          mode,
          JSON.stringify(setAt(base, target, withKey)),
          `key ${JSON.stringify(key)} in ${show(target)}`,
        );
      });
    case 'number':
      return fc
        .tuple(
          pathIn(base),
          fc.constantFrom(
            '2147483648',
            '-2147483649',
            '9007199254740993',
            '1e308',
            '1e999',
            '-1e999',
            '1.5',
            '-0.5',
            '1E400',
            '-0',
            '4294967296',
            '0.000001',
          ),
        )
        .map(([path, raw]) => json(mode, withRaw(base, path, raw), `${show(path)} = ${raw}`));
    case 'long-string':
      return fc
        .tuple(
          pathIn(base),
          fc.constantFrom(801, 3000, 100_000, 1_100_000),
          fc.constantFrom('x', '\u4e2d', '\ud83d\ude00'),
        )
        .map(([path, n, c]) =>
          json(mode, JSON.stringify(setAt(base, path, c.repeat(n))), `${show(path)} = ${n} × ${c}`),
        );
    case 'deep':
      return fc
        .tuple(pathIn(base), fc.constantFrom(65, 3000, 10_000, 100_000), fc.boolean())
        .map(([path, depth, arrays]) => {
          const raw = arrays
            ? '['.repeat(depth) + ']'.repeat(depth)
            : '{"a":'.repeat(depth) + '0' + '}'.repeat(depth);
          return json(
            mode,
            withRaw(base, path, raw),
            `${show(path)} nested ${depth} levels of ${arrays ? 'arrays' : 'objects'}`,
          );
        });
    case 'form':
      return fc
        .array(
          fc.tuple(
            // Names and values as they travel: percent-encoded, some of them wrongly.
            fc.constantFrom(...fields.map(encodeURIComponent), 'a[b]', '%00', '', 'a%ED%A0%80'),
            fc.constantFrom('%00', '%ED%A0%80', '%', '%zz', 'ok', '%C0%80', 'a%00b', '%F0%9F%98'),
          ),
          { minLength: 1, maxLength: 4 },
        )
        .map((pairs) => {
          const body = pairs.map(([k, v]) => `${k}=${v}`).join('&');
          return {
            mode,
            contentType: 'application/x-www-form-urlencoded',
            body,
            label: `form ${body.slice(0, 60)}`,
          };
        });
  }
}

function parses(text: string) {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
