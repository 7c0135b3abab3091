/**
 * The CSS advanced-customization panel's 5 worked examples (SPEC §2.2, §9 'CSS examples 5'). Each uses the
 * theme's CSS variables (--brand-primary, …) so it follows the brand colours, and only classes core/render
 * draws; their titles and explanations are the editor
 * namespace's `brand.examples.<id>`.
 */
export const CSS_EXAMPLES = [
  {
    id: 'price-badge',
    css: `/* Prices as a badge in the brand colour */
.price {
  display: inline-block;
  padding: 2px 8px;
  border-radius: 999px;
  background: var(--brand-primary);
  color: var(--brand-background);
}`,
  },
  {
    id: 'uppercase-titles',
    css: `/* Product titles in capitals, spaced out */
.cb-caption h6 {
  text-transform: uppercase;
  letter-spacing: 0.12em;
}`,
  },
  {
    id: 'rounded-pictures',
    css: `/* Product pictures with rounded corners and a thin frame */
.cb-product-main .cb-img-box {
  border-radius: 10px;
  border: 1px solid var(--brand-secondary);
}`,
  },
  {
    id: 'coloured-bands',
    css: `/* Headers and footers on a band of the brand colour */
.cb-band {
  background: var(--brand-primary);
  color: var(--brand-background);
}`,
  },
  {
    id: 'cover-page',
    css: `/* A front cover in the brand colour, its titles in the page colour */
.cb-page--front-cover {
  background: var(--brand-primary);
}
.cb-page--front-cover h1,
.cb-page--front-cover h2 {
  color: var(--brand-background);
}`,
  },
] as const;
export type CssExampleId = (typeof CSS_EXAMPLES)[number]['id'];
