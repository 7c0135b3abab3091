export { ADDRESS_MESSAGES, AddressSchema, addressLines, postalCodeRequired } from './address.ts';
export { ADDRESS_LIMITS, COUNTRY_CODES, countryName, countryOptions } from './countries.ts';
export type { Address } from './address.ts';
export { FIRST_ORDER_NUMBER, formatOrderNumber, MERCHANT_ORDER_STATUSES, ORDER_STATUSES } from './status.ts';
export type { MerchantOrderStatus, OrderStatus } from './status.ts';
