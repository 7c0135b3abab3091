import type { Field } from './graphql-lite.ts';
import type { FakeProduct } from './fake-shopify-admin.ts';

export type FakeDraftOrder = {
  id: string;
  legacyResourceId: string;
  name: string;
  email: string | null;
  note: string | null;
  tags: string[];
  lineItems: {
    variantId: string | null;
    title: string;
    quantity: number;
    originalUnitPrice: string;
    custom: boolean;
  }[];
};

/** What a shop's Admin API needs to answer draftOrderCreate. */
export type DraftOrderShop = {
  products: FakeProduct[];
  draftOrders: FakeDraftOrder[];
  deniedScopes: Set<string>;
  gid: (type: string) => string;
};

/**
 * draftOrderCreate(input: DraftOrderInput!) as the Admin API answers it: a line item names a variant
 * (variantId, priced by the shop) or is custom (title and originalUnitPriceWithCurrency); an unknown variant
 * or a custom line without a title is a userError and no draft order is made.
 */
export function draftOrderCreate(shop: DraftOrderShop, f: Field) {
  if (shop.deniedScopes.has('write_draft_orders')) {
    throw Object.assign(
      new Error(
        'Access denied for draftOrderCreate field. Required access: `write_draft_orders` access scope.',
      ),
      { code: 'ACCESS_DENIED' },
    );
  }
  const input = (f.args.input ?? {}) as {
    email?: string;
    note?: string;
    tags?: string[];
    lineItems?: {
      variantId?: string;
      title?: string;
      quantity?: number;
      originalUnitPriceWithCurrency?: { amount: string; currencyCode: string };
    }[];
  };
  const userErrors: { __typename: string; field: string[]; message: string }[] = [];
  const variants = new Map(shop.products.flatMap((p) => p.variants.map((v) => [v.id, { p, v }] as const)));
  const lineItems = (input.lineItems ?? []).map((l, i) => {
    if (!Number.isInteger(l.quantity) || (l.quantity ?? 0) < 1)
      userErrors.push({
        __typename: 'UserError',
        field: ['lineItems', String(i), 'quantity'],
        message: 'Quantity must be greater than 0',
      });
    if (l.variantId) {
      const found = variants.get(l.variantId);
      if (!found) {
        userErrors.push({
          __typename: 'UserError',
          field: ['lineItems', String(i), 'variantId'],
          message: `Product with ID ${l.variantId} is no longer available.`,
        });
        return null;
      }
      return {
        variantId: l.variantId,
        title: `${found.p.title}`,
        quantity: l.quantity ?? 0,
        originalUnitPrice: found.v.price,
        custom: false,
      };
    }
    if (!l.title)
      userErrors.push({
        __typename: 'UserError',
        field: ['lineItems', String(i), 'title'],
        message: "Title can't be blank",
      });
    return {
      variantId: null,
      title: l.title ?? '',
      quantity: l.quantity ?? 0,
      originalUnitPrice: l.originalUnitPriceWithCurrency?.amount ?? '0.00',
      custom: true,
    };
  });
  if (!lineItems.length)
    userErrors.push({ __typename: 'UserError', field: ['lineItems'], message: 'Add at least 1 product' });
  if (userErrors.length) return { __typename: 'DraftOrderCreatePayload', draftOrder: null, userErrors };
  const id = shop.gid('DraftOrder');
  const draft: FakeDraftOrder = {
    id,
    legacyResourceId: id.split('/').pop()!,
    name: `#D${shop.draftOrders.length + 1}`,
    email: input.email ?? null,
    note: input.note ?? null,
    tags: input.tags ?? [],
    lineItems: lineItems.filter((l): l is NonNullable<typeof l> => !!l),
  };
  shop.draftOrders.push(draft);
  return {
    __typename: 'DraftOrderCreatePayload',
    draftOrder: { __typename: 'DraftOrder', ...draft },
    userErrors: [],
  };
}
