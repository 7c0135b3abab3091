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
