/** How often /thank-you asks again whether the payment is recorded. */
export const PAYMENT_RECHECK_EVERY_MS = 2000;
/** After this long the page stops asking and says so: a webhook that late is a problem to report, not to wait on. */
export const PAYMENT_RECHECK_FOR_MS = 120_000;

/** When to ask again, or null once the page has waited long enough (`elapsedMs` since the page opened). */
export function nextPaymentRecheck(elapsedMs: number): number | null {
  if (!(elapsedMs >= 0) || elapsedMs + PAYMENT_RECHECK_EVERY_MS > PAYMENT_RECHECK_FOR_MS) return null;
  return PAYMENT_RECHECK_EVERY_MS;
}
