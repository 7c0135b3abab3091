import { z } from 'zod';
import {
  createTemplate,
  deleteTemplate,
  DescriptionTemplateInput,
  listTemplates,
  PriceTemplateInput,
  TEMPLATE_SORTS,
  updateTemplate,
  type TemplateKind,
} from '../../server/catalogs/index.ts';
import { defineEndpoint, type Endpoint } from '../../server/runtime/index.ts';

/*
 * SPEC §7 'Templates and layouts': GET/POST api/v1/pricetemplates, PUT/DELETE api/v1/pricetemplates/{id}, and the
 * same for descriptiontemplates. Lists answer { data, total, count }; staff manage the library with scope=library
 * (GET) and library=true (POST).
 */

const Template = z.record(z.string(), z.unknown());
const ListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(100),
  filter: z.string().trim().max(200).optional(),
  scope: z.enum(['usable', 'library']).default('usable'),
  sort: z.enum([...TEMPLATE_SORTS, ...TEMPLATE_SORTS.map((s) => `-${s}` as const)]).optional(),
});

function templateEndpoints(kind: TemplateKind, path: string, idParam: string, label: string) {
  const input = kind === 'price' ? PriceTemplateInput : DescriptionTemplateInput;
  const list = defineEndpoint(
    {
      method: 'GET',
      path,
      summary: `The ${label} templates the user can use: their own and the library's public ones (staff: scope=library)`,
      tags: ['templates'],
      auth: 'user',
      query: ListQuery,
      response: z.object({ data: z.array(Template), total: z.number(), count: z.number() }),
      errors: [403],
    },
    async ({ user, query, runtime }) => listTemplates({ db: runtime.db, user, kind, ...query }),
  );
  const create = defineEndpoint(
    {
      method: 'POST',
      path,
      summary: `A new ${label} template of the user (ordering 100, public by default; a copy of anyone else's); staff: library=true`,
      tags: ['templates'],
      auth: 'user',
      body: input.extend({ library: z.boolean().default(false) }),
      response: z.object({ data: Template }),
      errors: [403],
    },
    async ({ user, body, runtime }) => {
      const { library, ...fields } = body;
      return {
        data: await createTemplate({ db: runtime.db, user, kind, input: fields, toLibrary: library }),
      };
    },
  );
  const update = defineEndpoint(
    {
      method: 'PUT',
      path: `${path}/{${idParam}}`,
      summary: `Update the user's own ${label} template (staff: the library's); others copy it (403), another's private one is 404`,
      tags: ['templates'],
      auth: 'user',
      body: input,
      response: z.object({ data: Template }),
      errors: [403, 404],
    },
    async ({ user, params, body, runtime }) => ({
      data: await updateTemplate({ db: runtime.db, user, kind, id: params[idParam] ?? '', input: body }),
    }),
  );
  const remove = defineEndpoint(
    {
      method: 'DELETE',
      path: `${path}/{${idParam}}`,
      summary: `Delete the user's own ${label} template (staff: the library's)`,
      tags: ['templates'],
      auth: 'user',
      response: z.object({ ok: z.boolean() }),
      errors: [403, 404],
    },
    async ({ user, params, runtime }) => {
      await deleteTemplate({ db: runtime.db, user, kind, id: params[idParam] ?? '' });
      return { ok: true };
    },
  );
  return { list, create, update, remove } satisfies Record<string, Endpoint>;
}

export const priceTemplateEndpoints = templateEndpoints(
  'price',
  '/api/v1/pricetemplates',
  'priceTemplateId',
  'price',
);
export const descriptionTemplateEndpoints = templateEndpoints(
  'description',
  '/api/v1/descriptiontemplates',
  'descriptionTemplateId',
  'description',
);
