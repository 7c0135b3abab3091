import { z } from 'zod';

/** Every limit a plan sets (SPEC §3 Plan). */
export const PlanLimitsSchema = z.object({
  max_catalogs: z.number().int(),
  max_pages_per_catalog: z.number().int(),
  max_products_per_catalog: z.number().int(),
  embeddable: z.boolean(),
  products_link: z.boolean(),
  custom_domain: z.boolean(),
  privacy: z.boolean(),
  password: z.boolean(),
  wholesale_features: z.boolean(),
  csv_export: z.boolean(),
  custom_themes: z.boolean(),
  custom_fields: z.boolean(),
  custom_design: z.boolean(),
  custom_layouts: z.boolean(),
  custom_fonts: z.boolean(),
  analytics: z.boolean(),
  priority_support: z.boolean(),
  digital_orders: z.boolean(),
  max_orders: z.number().int(),
});
export type PlanLimits = z.infer<typeof PlanLimitsSchema>;

export const PlanSchema = z.object({
  plan_id: z.string(),
  title: z.string(),
  /** Monthly price when billed yearly; the yearly price is 12 times this (SPEC §9). */
  yearly_price: z.number(),
  pay_as_you_go_price: z.number(),
  /** Subscription length in days. */
  duration: z.number().int(),
  limits: PlanLimitsSchema,
});
export type Plan = z.infer<typeof PlanSchema>;
