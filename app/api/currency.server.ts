import { z } from 'zod';
import { currencyConverter } from '../../server/platform/index.ts';
import { defineEndpoint } from '../../server/runtime/index.ts';

const Code = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'expected a three-letter currency code');

/** SPEC §7 GET /api/v1/currency/convert with from, to, amount; response convertedAmount (the day's rate). */
export const convertCurrencyEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/currency/convert',
    summary:
      "An amount in another currency at the day's reference rate from the operator's rates source (CURRENCY_RATES_URL)",
    tags: ['currency'],
    auth: 'user',
    query: z.object({ from: Code, to: Code, amount: z.coerce.number().finite().min(0).max(1e12) }),
    response: z.object({ convertedAmount: z.number(), date: z.string().nullable() }),
    errors: [503],
  },
  async ({ query, runtime }) =>
    currencyConverter(runtime.config.CURRENCY_RATES_URL).convert(query.from, query.to, query.amount),
);
