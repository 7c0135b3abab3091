/**
 * The parsed form of a caption or description template. A template is parsed once (see renderTemplate's
 * cache) and evaluated for every product it shows.
 */

export type FormulaVariable = 'PRICE' | 'MSRP' | 'COMPARE_AT_PRICE' | 'SALE_PRICE' | 'STOCK';

export type Expr =
  | { kind: 'number'; value: number }
  | { kind: 'variable'; name: FormulaVariable }
  | { kind: 'negate'; arg: Expr }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/'; left: Expr; right: Expr };

/** Where a node sits in the template's HTML: in text, or inside a tag (an attribute value such as href). */
type Placed = { raw: string; inTag: boolean };

/** Static template HTML, passed through as the caller sanitized it. */
export type TextNode = { kind: 'text'; text: string };

/** A built-in token such as [TITLE], [PRICE(INT)] or [BARCODE(EAN13)]; form is null when none is given. */
export type TokenNode = Placed & { kind: 'token'; name: string; form: string | null };

/** [LISTING.CUSTOM_x], [LISTING.namespace.key] and [VARIANT.namespace.key]. */
export type FieldNode = Placed & {
  kind: 'field';
  source: 'custom' | 'metafield' | 'variant-metafield';
  /** Empty for custom fields. */
  namespace: string;
  key: string;
};

/** [OP[...]] (2 decimals), [OP_ROUND[...]] (whole number) and [OP_FULL[...]] (with the currency symbol). */
export type FormulaNode = Placed & { kind: 'formula'; mode: 'decimal' | 'round' | 'full'; expr: Expr };

export type VariantsColumn = { kind: 'options' } | { kind: 'value'; node: TokenNode | FieldNode };

/** [VARIANTS(...)]: list (default), table, loose table or strict table of the product's variations. */
export type VariantsNode = Placed & {
  kind: 'variants';
  layout: 'list' | 'table' | 'loose' | 'strict';
  showHeaders: boolean;
  columns: VariantsColumn[];
  /**
   * Whether the block named no columns (it shows the options and the price): a table of this kind takes the
   * catalog's variant table columns instead, when the merchant chose some (CaptionContext `variantColumns`).
   */
  defaultColumns: boolean;
};

/** A recognised token written wrongly: renders as '' and is logged at evaluation. */
export type ErrorNode = { kind: 'error'; raw: string; message: string };

export type TemplateNode = TextNode | TokenNode | FieldNode | FormulaNode | VariantsNode | ErrorNode;

/** Source offsets [from, to) of one clause, its leading separator's length, and the value nodes it holds. */
export type Clause = { from: number; to: number; sep: number; values: number[] };

/** The clauses between two tags, and the element around them when they are all it holds (clauses.ts). */
export type Segment = { clauses: Clause[]; wrap: { from: number; to: number } | null };

/**
 * The nodes, which together spell the source, and the segments holding values: what a token that prints nothing
 * takes with it (clauses.ts).
 */
export type TemplateAst = { source: string; nodes: TemplateNode[]; segments: Segment[] };
