import { z } from 'zod';
import { REGISTRY, type EndpointDef } from './endpoint.server.ts';

const ErrorSchema = {
  type: 'object',
  required: ['error', 'message'],
  properties: { error: { type: 'string' }, message: { type: 'string' }, details: {} },
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid input',
  401: 'Not signed in',
  403: 'Not allowed for this plan or role',
  404: 'Not found, or not yours',
  409: 'Stale revision',
  413: 'Too large',
  415: 'Unsupported media type',
  429: 'Rate limited',
  500: 'Server error',
};

function schemaOf(s: z.ZodType, io: 'input' | 'output') {
  const out = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

/** The media types a body may come in (readBody: JSON; the pages' forms also as forms; uploads as multipart). */
function requestContent(def: EndpointDef<z.ZodType, z.ZodType>) {
  if (def.multipart) return { 'multipart/form-data': { schema: schemaOf(def.multipart, 'input') } };
  if (!def.body) return undefined;
  const schema = schemaOf(def.body, 'input');
  const forms = def.formPage
    ? { 'application/x-www-form-urlencoded': { schema }, 'multipart/form-data': { schema } }
    : {};
  return { 'application/json': { schema }, ...forms };
}

/** OpenAPI 3.1 document generated from the endpoint definitions' zod schemas (DESIGN §9). */
export function buildOpenApi(opts: { appUrl: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { def } of REGISTRY) {
    const params: unknown[] = [...def.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    if (def.query) {
      const q = schemaOf(def.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(q.properties ?? {})) {
        params.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
      }
    }
    const responses: Record<string, unknown> = {
      200: {
        description: 'OK',
        content: { 'application/json': { schema: def.response ? schemaOf(def.response, 'output') : {} } },
      },
    };
    const content = requestContent(def);
    const statuses = new Set([
      400,
      500,
      ...(def.auth === 'public' ? [] : [401]),
      ...(content ? [415] : []),
      ...(def.errors ?? []),
    ]);
    for (const status of [...statuses].sort()) {
      responses[status] = {
        description: STATUS_TEXT[status] ?? 'Error',
        content: { 'application/json': { schema: ErrorSchema } },
      };
    }
    paths[def.path] ??= {};
    paths[def.path]![def.method.toLowerCase()] = {
      summary: def.summary,
      tags: def.tags,
      security: def.auth === 'public' ? [] : [{ session: [] }],
      parameters: params.length ? params : undefined,
      requestBody: content ? { required: true, content } : undefined,
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Catalog Builder API', version: opts.version },
    servers: [{ url: opts.appUrl }],
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'cb_session' } } },
    paths,
  };
}
