import { z } from 'zod';

const templateCommon = {
  _id: z.string().nullable().default(null),
  title: z.string().min(1),
  html: z.string().default(''),
  owner: z.string().nullable().default(null),
  public: z.boolean().default(true),
  ordering: z.number().int().default(100),
};

export const DescriptionTemplateSchema = z.object(templateCommon);
export type DescriptionTemplate = z.infer<typeof DescriptionTemplateSchema>;

export const ReplacementSchema = z.object({ source: z.string(), target: z.string().default('') });
export type Replacement = z.infer<typeof ReplacementSchema>;

/** Price (caption) template; new ones default to ordering 100, public, owned by the user (SPEC §3). */
export const PriceTemplateSchema = z.object({
  ...templateCommon,
  replacements: z.array(ReplacementSchema).default([]),
  options: z.record(z.string(), z.unknown()).default({}),
});
export type PriceTemplate = z.infer<typeof PriceTemplateSchema>;

/** Caption used on product cells when a catalog has chosen none. */
export const DEFAULT_PRICE_TEMPLATE_HTML = '<h6>[TITLE]</h6><p class="price">[PRICE_FULL]</p>';
/**
 * Description used when a catalog shows descriptions and has chosen no template. A block that may hold
 * paragraphs: store descriptions are HTML with their own <p>, and a <p> inside a <p> is not HTML (browsers
 * split it into empty paragraphs that add gaps).
 */
export const DEFAULT_DESCRIPTION_TEMPLATE_HTML = '<div>[DESCRIPTION]</div>';
