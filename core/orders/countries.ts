/**
 * The countries a buyer may name in an address, by ISO 3166-1 alpha-2 code, and their names in a language. Kept
 * apart from the address schema (no zod) so the viewer's cart can list them without the validation library.
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

/** A country's name in a language ('DE' → 'Allemagne' in French); the code itself where Intl cannot say. */
export function countryName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every country as [code, name] in a language, sorted by name as that language sorts: a select's options. */
export function countryOptions(lang: string): [string, string][] {
  const collator = new Intl.Collator(lang);
  return COUNTRY_CODES.map((c): [string, string] => [c, countryName(c, lang)]).sort((a, b) =>
    collator.compare(a[1], b[1]),
  );
}

/** The fields of an address and their longest values (the cart's inputs carry the same maxlength). */
export const ADDRESS_LIMITS = {
  street: 200,
  street2: 200,
  city: 120,
  postal_code: 20,
  region: 120,
} as const;
