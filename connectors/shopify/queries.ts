/**
 * Admin GraphQL documents (API 2026-04). Products are read with the same fields everywhere, so a page, a single
 * product and a bulk export map through one function (map-product.ts).
 *
 * Nested connections are capped per product; when a product has more (variants above 50, ...), the connector
 * pages the rest with NESTED_PAGE_QUERIES before mapping it.
 */

const VARIANT_FIELDS = `id title sku barcode price compareAtPrice inventoryQuantity selectedOptions { name value } image { url }`;
const MEDIA_FIELDS = `id mediaContentType ... on MediaImage { image { url altText } }`;
const METAFIELD_FIELDS = `id namespace key type value description`;
const COLLECTION_FIELDS = `id title`;
const PRODUCT_SCALARS = `id title handle descriptionHtml vendor productType status tags onlineStoreUrl createdAt updatedAt
  category { name }
  options { name values }`;

export const NESTED_LIMITS = { variants: 50, media: 10, metafields: 20, collections: 10 } as const;
export type NestedField = keyof typeof NESTED_LIMITS;

const PRODUCT_FIELDS = `${PRODUCT_SCALARS}
  variants(first: ${NESTED_LIMITS.variants}) { nodes { ${VARIANT_FIELDS} } pageInfo { hasNextPage endCursor } }
  media(first: ${NESTED_LIMITS.media}) { nodes { ${MEDIA_FIELDS} } pageInfo { hasNextPage endCursor } }
  metafields(first: ${NESTED_LIMITS.metafields}) { nodes { ${METAFIELD_FIELDS} } pageInfo { hasNextPage endCursor } }
  collections(first: ${NESTED_LIMITS.collections}) { nodes { ${COLLECTION_FIELDS} } pageInfo { hasNextPage endCursor } }`;

export const SHOP_QUERY = `#graphql
query ShopInfo { shop { name currencyCode } }`;

export const PRODUCTS_COUNT_QUERY = `#graphql
query ProductsCount { productsCount(limit: null) { count precision } }`;

export const PRODUCTS_PAGE_QUERY = `#graphql
query ProductsPage($first: Int!, $after: String) {
  products(first: $first, after: $after, sortKey: ID) {
    nodes { ${PRODUCT_FIELDS} }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const PRODUCT_QUERY = `#graphql
query Product($id: ID!) { product(id: $id) { ${PRODUCT_FIELDS} } }`;

const nestedPage = (field: NestedField, fields: string) => `#graphql
query ProductNested($id: ID!, $after: String) {
  product(id: $id) { id ${field}(first: 250, after: $after) { nodes { ${fields} } pageInfo { hasNextPage endCursor } } }
}`;

export const NESTED_PAGE_QUERIES: Record<NestedField, string> = {
  variants: nestedPage('variants', VARIANT_FIELDS),
  media: nestedPage('media', MEDIA_FIELDS),
  metafields: nestedPage('metafields', METAFIELD_FIELDS),
  collections: nestedPage('collections', COLLECTION_FIELDS),
};

export const COLLECTIONS_QUERY = `#graphql
query Collections($after: String) {
  collections(first: 250, after: $after) {
    nodes { id title ruleSet { appliedDisjunctively } }
    pageInfo { hasNextPage endCursor }
  }
}`;

/**
 * A collection's products in one of its orders (ProductCollectionSortKeys: MANUAL is the merchant's order,
 * BEST_SELLING Shopify's sales ranking). The Admin API has no shop-wide manual or best-selling order of
 * products (ProductSortKeys has neither): collections are where Shopify keeps them.
 */
export const COLLECTION_ORDER_QUERY = `#graphql
query CollectionOrder($id: ID!, $sortKey: ProductCollectionSortKeys!, $after: String) {
  collection(id: $id) {
    products(first: 250, after: $after, sortKey: $sortKey) { nodes { id } pageInfo { hasNextPage endCursor } }
  }
}`;

export const PRODUCT_TYPES_QUERY = `#graphql
query ProductTypes($after: String) {
  productTypes(first: 1000, after: $after) { nodes pageInfo { hasNextPage endCursor } }
}`;

/**
 * The bulk export: every product with its variants, media, metafields and collections (5 connections, 2 levels,
 * Shopify's bulk limits). Bulk queries take no page sizes; children come back as their own JSONL lines with
 * __parentId.
 */
export const BULK_PRODUCTS_QUERY = `{
  products {
    edges {
      node {
        ${PRODUCT_SCALARS}
        variants { edges { node { ${VARIANT_FIELDS} } } }
        media { edges { node { ${MEDIA_FIELDS} } } }
        metafields { edges { node { ${METAFIELD_FIELDS} } } }
        collections { edges { node { ${COLLECTION_FIELDS} } } }
      }
    }
  }
}`;

export const BULK_RUN_MUTATION = `#graphql
mutation BulkProducts($query: String!) {
  bulkOperationRunQuery(query: $query, groupObjects: true) {
    bulkOperation { id status }
    userErrors { field message code }
  }
}`;

/** Our own operation, by the id bulkOperationRunQuery gave (API 2026-01+; replaces currentBulkOperation). */
export const BULK_OPERATION_QUERY = `#graphql
query BulkOperation($id: ID!) {
  bulkOperation(id: $id) { id status errorCode objectCount rootObjectCount url partialDataUrl }
}`;
