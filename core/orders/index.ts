export {
  ADDRESS_LIMITS,
  ADDRESS_MESSAGES,
  AddressSchema,
  addressLines,
  COUNTRY_CODES,
  countryName,
  postalCodeRequired,
} from './address.ts';
export type { Address } from './address.ts';
export { FIRST_ORDER_NUMBER, formatOrderNumber, MERCHANT_ORDER_STATUSES, ORDER_STATUSES } from './status.ts';
export type { MerchantOrderStatus, OrderStatus } from './status.ts';
