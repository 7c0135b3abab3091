/**
 * What an order's merchant may mark it, in the order they usually come (the Orders page's choices). Before these
 * an order is `unconfirmed` (server/catalogs: the buyer has not confirmed it by mail yet), then `new`.
 */
export const MERCHANT_ORDER_STATUSES = ['new', 'confirmed', 'shipped', 'cancelled'] as const;
export type MerchantOrderStatus = (typeof MERCHANT_ORDER_STATUSES)[number];

/** Every status an order can have. */
export const ORDER_STATUSES = ['unconfirmed', ...MERCHANT_ORDER_STATUSES] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Orders are numbered per merchant from here (the first is #1001), as shops usually do. */
export const FIRST_ORDER_NUMBER = 1001;

/** An order's short number as the merchant and the buyer read it: '#1042'. */
export const formatOrderNumber = (n: number) => `#${n}`;
