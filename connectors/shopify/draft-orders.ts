import { ConnectorError, type DraftOrderInput, type DraftOrderResult } from '../types.ts';
import type { ShopifyAdminClient } from './admin-client.ts';

/** Admin GraphQL draftOrderCreate (scope write_draft_orders): the order's lines, the buyer's email, a note. */
export const DRAFT_ORDER_CREATE = `mutation draftOrderCreate($input: DraftOrderInput!) {
  draftOrderCreate(input: $input) {
    draftOrder { id name legacyResourceId }
    userErrors { field message }
  }
}`;

/** A product's first variant: the variant of a product without options ("Default Title"). */
export const FIRST_VARIANT_QUERY = `query firstVariant($id: ID!) {
  product(id: $id) { id variants(first: 1) { nodes { id } } }
}`;

type CreateAnswer = {
  draftOrderCreate: {
    draftOrder: { id: string; name: string; legacyResourceId: string } | null;
    userErrors: { field: string[] | null; message: string }[];
  };
};

const isGid = (id: string | null, type: string) => !!id && id.startsWith(`gid://shopify/${type}/`);

/**
 * Lines with a variant GID order that variant; a product GID without one orders the product's first variant
 * (our listings keep no variant for products without options); anything else is a custom line at the
 * catalog's price, so a hand-made product in the catalog still reaches the merchant's draft.
 */
export async function createDraftOrder(
  client: ShopifyAdminClient,
  input: DraftOrderInput,
): Promise<DraftOrderResult> {
  const lineItems = [];
  for (const line of input.lines) {
    let variantId = isGid(line.variantId, 'ProductVariant') ? line.variantId : null;
    if (!variantId && isGid(line.productId, 'Product')) {
      const { data } = await client.request<{ product: { variants: { nodes: { id: string }[] } } | null }>(
        FIRST_VARIANT_QUERY,
        { id: line.productId },
      );
      variantId = data.product?.variants.nodes[0]?.id ?? null;
    }
    lineItems.push(
      variantId
        ? { variantId, quantity: line.quantity }
        : {
            title: line.title,
            sku: line.sku ?? undefined,
            quantity: line.quantity,
            originalUnitPriceWithCurrency: {
              amount: (line.unitPrice ?? 0).toFixed(2),
              currencyCode: line.currency,
            },
          },
    );
  }
  const { data } = await client.request<CreateAnswer>(DRAFT_ORDER_CREATE, {
    input: { email: input.email, note: input.note, tags: input.tags ?? [], lineItems },
  });
  const { draftOrder, userErrors } = data.draftOrderCreate;
  if (userErrors.length || !draftOrder) {
    throw new ConnectorError(
      'invalid_response',
      `Shopify refused the draft order: ${userErrors.map((e) => e.message).join('; ') || 'no draft order'}`,
    );
  }
  return {
    id: draftOrder.id,
    name: draftOrder.name,
    adminUrl: `https://${client.shop}/admin/draft_orders/${draftOrder.legacyResourceId}`,
  };
}
