import { z } from 'zod';

/**
 * A buyer's postal address (the cart's billing and shipping addresses): the country as an ISO 3166-1 alpha-2 code,
 * so every language can name it (Intl.DisplayNames) and a store can take it as it is.
 */

/** ISO 3166-1 alpha-2 codes of the countries and territories a buyer may name. */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY ' +
  'BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK ' +
  'FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR ' +
  'IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ' +
  'ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF ' +
  'TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

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

/** The fields of an address and their longest values (the cart's inputs carry the same maxlength). */
export const ADDRESS_LIMITS = { street: 200, street2: 200, city: 120, postal_code: 20, region: 120 } as const;

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

/** A country's name in a language ('DE' → 'Allemagne' in French); the code itself where Intl cannot say. */
export function countryName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

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
