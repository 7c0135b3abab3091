import { z } from 'zod';
import { ADDRESS_LIMITS, COUNTRY_CODES, countryName } from './countries.ts';

/**
 * A buyer's postal address (the cart's billing and shipping addresses): the country as an ISO 3166-1 alpha-2 code,
 * so every language can name it (Intl.DisplayNames) and a store can take it as it is.
 */

/** Countries whose addresses have no postal code: there the field may stay empty. */
const WITHOUT_POSTAL_CODE = new Set(
  (
    'AE AG AO AW BF BI BJ BO BS BW BZ CD CF CG CI CK CM DJ DM ER FJ GA GD GH GM GQ GY HK KI KM KN KP LY ML MO ' +
    'MR MW NR NU QA RW SB SC SL SR SS ST SY TD TF TG TK TL TO TV UG VU YE ZW'
  ).split(' '),
);

export const postalCodeRequired = (country: string) => !WITHOUT_POSTAL_CODE.has(country);

export const ADDRESS_MESSAGES = {
  street: 'Enter the street and number',
  city: 'Enter the city',
  postalCode: 'Enter the postal code',
  postalCodeInvalid: 'Enter a postal code of letters, digits, spaces and hyphens',
  country: 'Choose a country',
} as const;

const line = (max: number, required?: string) =>
  required ? z.string().trim().min(1, required).max(max) : z.string().trim().max(max).optional().default('');

export const AddressSchema = z
  .object({
    street: line(ADDRESS_LIMITS.street, ADDRESS_MESSAGES.street),
    street2: line(ADDRESS_LIMITS.street2),
    city: line(ADDRESS_LIMITS.city, ADDRESS_MESSAGES.city),
    postal_code: line(ADDRESS_LIMITS.postal_code).refine(
      (v) => v === '' || /^[\p{L}\p{N}](?:[\p{L}\p{N} -]*[\p{L}\p{N}])?$/u.test(v),
      ADDRESS_MESSAGES.postalCodeInvalid,
    ),
    region: line(ADDRESS_LIMITS.region),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => COUNTRY_CODES.includes(v), ADDRESS_MESSAGES.country),
  })
  .superRefine((a, ctx) => {
    if (!a.postal_code && postalCodeRequired(a.country))
      ctx.addIssue({ code: 'custom', path: ['postal_code'], message: ADDRESS_MESSAGES.postalCode });
  });
export type Address = z.output<typeof AddressSchema>;

/** An address as the lines of a label: street, street2, postal code and city, region, country. */
export function addressLines(a: Address, lang: string): string[] {
  return [
    a.street,
    a.street2,
    [a.postal_code, a.city].filter(Boolean).join(' '),
    a.region,
    countryName(a.country, lang),
  ].filter(Boolean);
}
