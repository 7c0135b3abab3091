/** A card's expiry as the card screen edits it (SPEC §3 Card). */
export type CardExpiry = { exp_month: number; exp_year: number };

/** SPEC §5: a card is expired if its year is past, or it is the same year and its month is past. */
export function isCardExpired(card: CardExpiry, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return card.exp_year < year || (card.exp_year === year && card.exp_month < month);
}

export type CardExpiryProblem = 'month' | 'year' | 'expired';

/** What is wrong with an expiry typed on the card screen, field by field; an empty list when it can be saved. */
export function cardExpiryProblems(card: { exp_month: unknown; exp_year: unknown }, now: Date) {
  const problems: { field: 'exp_month' | 'exp_year'; problem: CardExpiryProblem }[] = [];
  const month = Number(card.exp_month);
  const year = Number(card.exp_year);
  if (!Number.isInteger(month) || month < 1 || month > 12)
    problems.push({ field: 'exp_month', problem: 'month' });
  if (!Number.isInteger(year) || year < 2000 || year > 2100)
    problems.push({ field: 'exp_year', problem: 'year' });
  if (!problems.length && isCardExpired({ exp_month: month, exp_year: year }, now))
    problems.push({ field: year < now.getUTCFullYear() ? 'exp_year' : 'exp_month', problem: 'expired' });
  return problems;
}

export type CardBrand =
  'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

/** The brand a card number belongs to, from its first digits (the ranges Stripe.js v2's cardType read). */
export function cardBrand(number: string): CardBrand {
  const d = number.replace(/\D/g, '');
  if (/^4/.test(d)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(d)) return 'mastercard';
  if (/^3[47]/.test(d)) return 'amex';
  if (/^(6011|64[4-9]|65)/.test(d)) return 'discover';
  if (/^(30[0-5]|309|36|3[89])/.test(d)) return 'diners';
  if (/^35(2[89]|[3-8])/.test(d)) return 'jcb';
  if (/^62/.test(d)) return 'unionpay';
  return 'unknown';
}

/** How many digits a number of each brand has. */
const CARD_LENGTHS: Record<CardBrand, number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  discover: [16, 19],
  diners: [14, 16, 19],
  jcb: [16, 17, 18, 19],
  unionpay: [16, 17, 18, 19],
  unknown: [12, 13, 14, 15, 16, 17, 18, 19],
};

/** The Luhn checksum every card number carries in its last digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

export type CardField = 'number' | 'exp_month' | 'exp_year' | 'cvc';
export type CardFormProblem = CardExpiryProblem | 'number' | 'cvc' | 'cvcAmex';

/**
 * SPEC §5: what is wrong with a new card before a token is requested, field by field: the number (digits, the
 * length of its brand, the Luhn checksum), the expiry (SPEC §5 rule) and the CVC (3 digits, 4 for American
 * Express). Spaces and dashes in the number are allowed, as printed on cards. An empty list when it can be sent.
 */
export function cardFormProblems(
  card: { number: string; exp_month: unknown; exp_year: unknown; cvc: string },
  now: Date,
): { field: CardField; problem: CardFormProblem }[] {
  const problems: { field: CardField; problem: CardFormProblem }[] = [];
  const digits = card.number.replace(/[\s-]/g, '');
  const brand = cardBrand(digits);
  if (!/^\d+$/.test(digits) || !CARD_LENGTHS[brand].includes(digits.length) || !luhnValid(digits))
    problems.push({ field: 'number', problem: 'number' });
  problems.push(...cardExpiryProblems(card, now));
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim()))
    problems.push({ field: 'cvc', problem: brand === 'amex' ? 'cvcAmex' : 'cvc' });
  return problems;
}
