import { describe, expect, it } from 'vitest';
import { parseTemplate } from './index.ts';

const kinds = (source: string) => parseTemplate(source).nodes.map((n) => n.kind);

describe('parseTemplate', () => {
  it('splits static HTML and tokens', () => {
    expect(parseTemplate('<h6>[TITLE]</h6><p>[PRICE(INT)]</p>').nodes).toEqual([
      { kind: 'text', text: '<h6>' },
      { kind: 'token', name: 'TITLE', form: null, raw: '[TITLE]', inTag: false },
      { kind: 'text', text: '</h6><p>' },
      { kind: 'token', name: 'PRICE', form: 'INT', raw: '[PRICE(INT)]', inTag: false },
      { kind: 'text', text: '</p>' },
    ]);
  });

  it('keeps brackets that are not tokens as text: merchants write [New!] and [see below]', () => {
    for (const source of [
      '[New!]',
      '[see below]',
      '[title]',
      '[TITLE of the book]',
      '[M]',
      '[Size(S)]',
      '[',
      ']',
      '[[',
      '[PRICE',
    ]) {
      expect(parseTemplate(source).nodes, source).toEqual([{ kind: 'text', text: source }]);
    }
  });

  it('finds a token right after a bracket that is text', () => {
    expect(parseTemplate('[see [TITLE]]').nodes).toEqual([
      { kind: 'text', text: '[see ' },
      { kind: 'token', name: 'TITLE', form: null, raw: '[TITLE]', inTag: false },
      { kind: 'text', text: ']' },
    ]);
  });

  it('turns a known token written wrongly into an error node', () => {
    expect(parseTemplate('[PRICE(CENTS)]').nodes).toEqual([
      {
        kind: 'error',
        raw: '[PRICE(CENTS)]',
        message: '[PRICE(CENTS)]: PRICE takes one of INT, DECIMAL, not CENTS',
      },
    ]);
    expect(parseTemplate('[TITLE(BIG)]').nodes[0]).toMatchObject({
      kind: 'error',
      message: '[TITLE(BIG)]: TITLE takes no form',
    });
    expect(parseTemplate('a [PRICE(INT] b').nodes).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'error', raw: '[PRICE(INT]', message: '[PRICE(INT]: missing ")"' },
      { kind: 'text', text: ' b' },
    ]);
    expect(parseTemplate('[PRICE(INT) ]').nodes[0]).toMatchObject({
      kind: 'error',
      message: '[PRICE(INT) ]: missing "]"',
    });
  });

  it('accepts forms in any case and [BARCODE] without one', () => {
    expect(parseTemplate('[BARCODE(ean13)][BARCODE][BARCODE()]').nodes).toEqual([
      { kind: 'token', name: 'BARCODE', form: 'EAN13', raw: '[BARCODE(ean13)]', inTag: false },
      { kind: 'token', name: 'BARCODE', form: null, raw: '[BARCODE]', inTag: false },
      { kind: 'token', name: 'BARCODE', form: null, raw: '[BARCODE()]', inTag: false },
    ]);
  });

  it('parses formulas, bare or bracketed price tokens, decimal commas', () => {
    expect(parseTemplate('[OP[PRICE*0.9]]').nodes).toEqual([
      {
        kind: 'formula',
        mode: 'decimal',
        raw: '[OP[PRICE*0.9]]',
        inTag: false,
        expr: {
          kind: 'binary',
          op: '*',
          left: { kind: 'variable', name: 'PRICE' },
          right: { kind: 'number', value: 0.9 },
        },
      },
    ]);
    expect(parseTemplate('[OP_ROUND[([MSRP] - 2,5) / 2]]').nodes[0]).toMatchObject({
      kind: 'formula',
      mode: 'round',
      expr: {
        kind: 'binary',
        op: '/',
        left: {
          kind: 'binary',
          op: '-',
          left: { kind: 'variable', name: 'MSRP' },
          right: { kind: 'number', value: 2.5 },
        },
        right: { kind: 'number', value: 2 },
      },
    });
    expect(parseTemplate('[OP_FULL[-PRICE]]').nodes[0]).toMatchObject({
      mode: 'full',
      expr: { kind: 'negate', arg: { kind: 'variable', name: 'PRICE' } },
    });
  });

  it('respects operator precedence', () => {
    expect(parseTemplate('[OP[1+2*3]]').nodes[0]).toMatchObject({
      expr: { op: '+', left: { value: 1 }, right: { op: '*', left: { value: 2 }, right: { value: 3 } } },
    });
  });

  it('reports broken formulas as error nodes', () => {
    const cases: [string, string][] = [
      ['[OP[PRICE*]]', '[OP[PRICE*]]: formula ends too early'],
      ['[OP[PRICE*0.9]', '[OP[PRICE*0.9]: a formula ends with "]]"'],
      [
        '[OP[alert(1)]]',
        '[OP[alert(1)]]: unknown value "alert" (use PRICE, MSRP, COMPARE_AT_PRICE, SALE_PRICE, STOCK)',
      ],
      ['[OP[(PRICE]]', '[OP[(PRICE]]: missing ")"'],
      ['[OP[PRICE PRICE]]', '[OP[PRICE PRICE]]: unexpected "PRICE"'],
      ['[OP[]]', '[OP[]]: empty formula'],
      ['[OP[1;2]]', '[OP[1;2]]: unexpected ";"'],
    ];
    for (const [source, message] of cases) {
      expect(parseTemplate(source).nodes, source).toEqual([{ kind: 'error', raw: source, message }]);
    }
    expect(parseTemplate('[OP[PRICE').nodes).toEqual([{ kind: 'text', text: '[OP[PRICE' }]);
  });

  it('parses fields', () => {
    expect(
      parseTemplate('[LISTING.CUSTOM_fabric care][LISTING.custom.material][VARIANT.my-fields.color_name]')
        .nodes,
    ).toEqual([
      {
        kind: 'field',
        source: 'custom',
        namespace: '',
        key: 'fabric care',
        raw: '[LISTING.CUSTOM_fabric care]',
        inTag: false,
      },
      {
        kind: 'field',
        source: 'metafield',
        namespace: 'custom',
        key: 'material',
        raw: '[LISTING.custom.material]',
        inTag: false,
      },
      {
        kind: 'field',
        source: 'variant-metafield',
        namespace: 'my-fields',
        key: 'color_name',
        raw: '[VARIANT.my-fields.color_name]',
        inTag: false,
      },
    ]);
    expect(parseTemplate('[LISTING.material]').nodes[0]).toMatchObject({
      kind: 'error',
      message: '[LISTING.material]: write a metafield as LISTING.namespace.key',
    });
  });

  it('parses VARIANTS blocks with their layout, headers and columns', () => {
    expect(
      parseTemplate('[VARIANTS(STRICT_TABLE, SHOW_HEADERS, OPTIONS, SKU, BARCODE(EAN13), VARIANT.x.y)]')
        .nodes[0],
    ).toMatchObject({
      kind: 'variants',
      layout: 'strict',
      showHeaders: true,
      columns: [
        { kind: 'options' },
        { kind: 'value', node: { kind: 'token', name: 'SKU', form: null } },
        { kind: 'value', node: { kind: 'token', name: 'BARCODE', form: 'EAN13' } },
        { kind: 'value', node: { kind: 'field', source: 'variant-metafield', namespace: 'x', key: 'y' } },
      ],
    });
    expect(parseTemplate('[VARIANTS]').nodes[0]).toMatchObject({
      layout: 'list',
      showHeaders: false,
      columns: [{ kind: 'options' }, { kind: 'value', node: { name: 'PRICE_FULL' } }],
    });
    expect(parseTemplate('[VARIANTS(table, [SKU])]').nodes[0]).toMatchObject({
      layout: 'table',
      columns: [{ kind: 'value', node: { name: 'SKU' } }],
    });
    expect(parseTemplate('[VARIANTS(TABLE, DESCRIPTION)]').nodes[0]).toMatchObject({
      kind: 'error',
      message: '[VARIANTS(TABLE, DESCRIPTION)]: VARIANTS cannot show "DESCRIPTION"',
    });
  });

  it('knows whether a token sits inside a tag', () => {
    const nodes = parseTemplate('<a href="[URL]" title=\'x > [TITLE]\'>[TITLE]</a>').nodes;
    expect(
      nodes.filter((n) => n.kind === 'token').map((n) => n.kind === 'token' && [n.name, n.inTag]),
    ).toEqual([
      ['URL', true],
      ['TITLE', true],
      ['TITLE', false],
    ]);
    expect(parseTemplate('a < b [TITLE]').nodes[1]).toMatchObject({ inTag: false });
  });

  it('keeps unclosed tokens in long input as text', () => {
    // Every scan is bounded, so this stays linear; an unbounded one would run for many seconds.
    const source = '[OP['.repeat(50_000) + '[PRICE('.repeat(50_000);
    expect(kinds(source)).toEqual(['text']);
    expect(parseTemplate(source).nodes[0]).toEqual({ kind: 'text', text: source });
  });

  it('never throws on non-strings', () => {
    expect(parseTemplate(undefined as unknown as string)).toEqual({ source: '', nodes: [], segments: [] });
    expect(parseTemplate(42 as unknown as string)).toEqual({ source: '', nodes: [], segments: [] });
  });
});
