import type { Catalog, Page, PlanLimits } from '../model/index.ts';
import { countPages, countProducts } from './counts.ts';

export type PlanViolationCode = 'max_pages' | 'max_products' | 'wholesale_contract' | 'wholesale_order_form';

export interface PlanViolation {
  code: PlanViolationCode;
  /** The exact text of SPEC §5, shown to the merchant. */
  message: string;
  /** For the count limits: how many the catalog has and how many the plan allows. */
  count?: number;
  limit?: number;
}

/** Save is allowed, or blocked with the first violation's message (and every violation, for the UI). */
export type PlanCheck = { ok: true } | { ok: false; message: string; violations: PlanViolation[] };

export const PLAN_LIMIT_MESSAGES = {
  maxPages: (count: number, limit: number) => `Max Pages Limit Reached (${count}/${limit})`,
  maxProducts: (count: number, limit: number) => `Max Products Limit Reached (${count}/${limit})`,
  wholesaleContract: 'Your catalog has a wholesale contract. You need to upgrade to use wholesale contracts.',
  wholesaleOrderForm:
    'Your catalog has wholesale order forms. You need to upgrade to use wholesale order forms.',
} as const;

const isWholesaleContract = (p: Page): boolean =>
  p.kind === 'wholesale_contract' || p.layout.type === 'wholesale-contract';
const isWholesaleOrderForm = (p: Page): boolean =>
  p.kind === 'wholesale_order_form' || p.layout.type === 'wholesale-order-form';

/**
 * The plan limits checked on save (SPEC §5): more pages or products than the plan allows, and wholesale
 * contract or order form pages without the wholesale feature, block the save.
 *
 * SPEC §5 notes that the original order form check seems to read a mis-named field, so it may never have
 * fired; we take the other reading, that it blocks as stated, so order forms are gated like contracts.
 */
export function checkPlanLimits(
  catalog: Pick<Catalog, 'pages'>,
  limits: Pick<PlanLimits, 'max_pages_per_catalog' | 'max_products_per_catalog' | 'wholesale_features'>,
): PlanCheck {
  const violations: PlanViolation[] = [];
  const pages = countPages(catalog);
  if (pages > limits.max_pages_per_catalog) {
    const limit = limits.max_pages_per_catalog;
    violations.push({
      code: 'max_pages',
      message: PLAN_LIMIT_MESSAGES.maxPages(pages, limit),
      count: pages,
      limit,
    });
  }
  const products = countProducts(catalog);
  if (products > limits.max_products_per_catalog) {
    const limit = limits.max_products_per_catalog;
    violations.push({
      code: 'max_products',
      message: PLAN_LIMIT_MESSAGES.maxProducts(products, limit),
      count: products,
      limit,
    });
  }
  if (!limits.wholesale_features) {
    if (catalog.pages.some(isWholesaleContract)) {
      violations.push({ code: 'wholesale_contract', message: PLAN_LIMIT_MESSAGES.wholesaleContract });
    }
    if (catalog.pages.some(isWholesaleOrderForm)) {
      violations.push({ code: 'wholesale_order_form', message: PLAN_LIMIT_MESSAGES.wholesaleOrderForm });
    }
  }
  return violations.length ? { ok: false, message: violations[0]!.message, violations } : { ok: true };
}
