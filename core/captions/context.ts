import type { Product, Replacement, TableColumn, Variation } from '../model/index.ts';
import { resolveLocale } from './format.ts';
import { labelsFor } from './labels.ts';

/** What a caption needs besides the product. Extend additively: the page renderer builds it. */
export type CaptionContext = {
  /** Catalog language (settings.language): number and price formats, VARIANTS headers. */
  language: string;
  /** The catalog's text replacements, applied in order to the evaluated text. */
  replacements?: readonly Replacement[];
  /** Where template problems go (formula errors, misspelt forms). Called at most once per message per evaluation. */
  log?: (message: string, error?: unknown) => void;
  /** Fills [PAGE_NUMBER]; without it the token is left as typed for a later pass. */
  pageNumber?: number;
  /**
   * The catalog's variant table columns (SPEC §3 table configuration: key, title, is_custom, is_option), chosen
   * in the table editor: a VARIANTS table that names no columns shows these instead of the options and the price.
   */
  variantColumns?: readonly TableColumn[];
};

/** Evaluation state shared by every node of one template evaluation. */
export type Env = {
  ctx: CaptionContext;
  locale: string;
  labels: ReturnType<typeof labelsFor>;
  currency: string;
  log: (message: string, error?: unknown) => void;
};

/** What tokens read: the product, or inside a VARIANTS block one of its variations (with the product around it). */
export type Subject = { product: Product; variation: Variation | null };

export function makeEnv(product: Product, ctx: CaptionContext): Env {
  const locale = resolveLocale(ctx?.language);
  const seen = new Set<string>();
  const id = typeof product?.id === 'string' ? product.id : '?';
  return {
    ctx: ctx ?? { language: 'en' },
    locale,
    labels: labelsFor(locale),
    currency:
      typeof product?.iso_currency_code === 'string' && product.iso_currency_code
        ? product.iso_currency_code
        : 'USD',
    log: (message, error) => {
      const line = `Caption template, product ${id}: ${message}`;
      if (seen.has(line)) return;
      seen.add(line);
      try {
        ctx?.log?.(line, error);
      } catch {
        // A failing logger must not take the caption down with it.
      }
    },
  };
}
