import { z } from 'zod';
import { colorsForValues } from '../../core/branding/index.ts';
import { defineEndpoint } from '../../server/runtime/index.ts';

const Value = z.string().max(200);
const MAX_VALUES = 1000;

export const colorsEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v3/tools/colors',
    summary:
      "SPEC §7: variant option values ('Red', 'Navy', 'Heather grey', '#3a5', 'Bleu marine') mapped to the " +
      'colour of their swatch (#rrggbb); values that name no colour are left out. Body: a list of values, or ' +
      `{ values } (at most ${MAX_VALUES}).`,
    tags: ['tools'],
    auth: 'user',
    body: z.union([
      z.array(Value).max(MAX_VALUES),
      z.object({ values: z.array(Value).max(MAX_VALUES) }).strict(),
    ]),
    response: z.record(z.string(), z.string()),
    errors: [400],
  },
  async ({ body }) => colorsForValues(Array.isArray(body) ? body : body.values),
);
