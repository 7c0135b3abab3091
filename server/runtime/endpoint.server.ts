import { data, redirect } from 'react-router';
import { z } from 'zod';
import { type User, getRequestUser, hasRole } from '../accounts/index.ts';
import {
  ApiError,
  assertStorableInput,
  discardUnreadBody,
  errorResponse,
  forbidden,
  isSameOrigin,
  json,
  parseWith,
  queryObject,
  readBody,
  unauthorized,
  wantsJson,
  type JsonKind,
  type ReadBodyOptions,
} from '../platform/index.ts';
import { getRuntime, type Runtime } from './runtime.server.ts';

export type AuthMode = 'public' | 'user' | 'admin' | 'manager' | 'optional';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type EndpointDef<Q extends z.ZodType, B extends z.ZodType> = {
  method: Method;
  /** OpenAPI path, with {param} placeholders. */
  path: string;
  summary: string;
  tags?: string[];
  auth: AuthMode;
  query?: Q;
  body?: B;
  /** Schema of the 200 response, for the OpenAPI document. */
  response?: z.ZodType;
  /** Error statuses this endpoint can answer besides 400/401/500, for the document. */
  errors?: number[];
  /**
   * A GET that changes something (SPEC §7 makes some calls GETs): a link or an image on any page can trigger a
   * GET, so it is served only to requests that show they come from the app's own pages (isSameOrigin), else 403.
   */
  changesState?: boolean;
  /** Read the body yourself (multipart uploads, raw webhook bodies). */
  rawBody?: boolean;
  /** The fields of a multipart/form-data upload the handler reads itself (rawBody), for the document. */
  multipart?: z.ZodType;
  /** A body cap other than BODY_MAX_BYTES (a listings import), with its 413 message. */
  bodyLimit?: { maxBytes: number; message: string };
  /**
   * Also serves the HTML form of this page: JSON callers get the JSON error shape; the page's own form
   * (a fetcher) gets its errors back as route data, status kept; a plain form post without JavaScript is
   * sent back to the page with ?error=.
   */
  formPage?: (params: Record<string, string | undefined>) => string;
};

export type HandlerContext<Q extends z.ZodType, B extends z.ZodType, A extends AuthMode> = {
  request: Request;
  params: Record<string, string | undefined>;
  query: z.output<Q>;
  body: z.output<B>;
  user: A extends 'public' | 'optional' ? User | null : User;
  runtime: Runtime;
  ip: string;
};

export type RouteArgs = { request: Request; params: Record<string, string | undefined>; context?: unknown };

export type Endpoint = {
  def: EndpointDef<z.ZodType, z.ZodType>;
  /** A Response, or route data (react-router `data()`) for form posts. */
  handle: (args: RouteArgs) => Promise<unknown>;
};

const isRouteData = (v: unknown) =>
  !!v && typeof v === 'object' && (v as { type?: string }).type === 'DataWithResponseInit';

export function clientIp(context: unknown): string {
  const ip = (context as { ip?: string } | undefined)?.ip;
  return ip && ip.length ? ip : 'unknown';
}

/**
 * One API endpoint: validated input, the caller resolved and checked, the handler's result as JSON and every
 * error in the DESIGN §9 shape. Routes only map their methods to endpoints.
 */
export function defineEndpoint<
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  A extends AuthMode = AuthMode,
>(
  def: EndpointDef<Q, B> & { auth: A },
  handler: (ctx: HandlerContext<Q, B, A>) => Promise<unknown>,
): Endpoint {
  const bodyOptions: ReadBodyOptions = {
    forms: !!def.formPage,
    kinds: def.body ? topLevelKinds(def.body) : undefined,
    maxBytes: def.bodyLimit?.maxBytes,
    tooLargeMessage: def.bodyLimit?.message,
  };
  const answer = async ({ request, params, context }: RouteArgs): Promise<unknown> => {
    const runtime = getRuntime();
    try {
      if (def.changesState && !isSameOrigin((name) => request.headers.get(name), runtime.config.appUrl))
        throw forbidden('This request must come from Catalog Builder itself.');
      let user: User | null = null;
      if (def.auth !== 'public') {
        // The session cookie, or the embedded app's Shopify session token (Authorization: Bearer).
        user = await getRequestUser({ db: runtime.db, config: runtime.config, request });
        if (!user && def.auth !== 'optional') throw unauthorized();
        if (def.auth === 'admin' && !hasRole(user, 'admin')) throw forbidden('This is for staff only.');
        if (def.auth === 'manager' && !hasRole(user, 'admin', 'manager'))
          throw forbidden('This is for staff only.');
      }
      assertStorableInput(params, 'The address');
      const url = new URL(request.url);
      const rawQuery = queryObject(url);
      assertStorableInput(rawQuery, 'The query');
      const query = def.query ? parseWith(def.query, rawQuery) : undefined;
      const body =
        def.body && !def.rawBody ? parseWith(def.body, await readBody(request, bodyOptions)) : undefined;
      const result = await handler({
        request,
        params,
        query: query as z.output<Q>,
        body: body as z.output<B>,
        user: user as HandlerContext<Q, B, A>['user'],
        runtime,
        ip: clientIp(context),
      });
      if (result instanceof Response || isRouteData(result)) return result;
      return json(result ?? { ok: true });
    } catch (err) {
      if (err instanceof Response) return err;
      if (err instanceof ApiError) {
        if (def.formPage && !wantsJson(request)) {
          if ((request.headers.get('accept') ?? '').includes('text/html')) {
            return redirect(`${def.formPage(params)}?error=${encodeURIComponent(err.message)}`, {
              headers: err.headers,
            });
          }
          return data(
            { error: err.code, message: err.message, details: err.details },
            { status: err.status, headers: err.headers },
          );
        }
        return errorResponse(err);
      }
      runtime.logger.error({ err, path: def.path, method: def.method }, 'request failed');
      return errorResponse(new ApiError('internal', 'Something went wrong on our side. Please try again.'));
    }
  };
  const handle = async (args: RouteArgs): Promise<unknown> => {
    try {
      return await answer(args);
    } finally {
      discardUnreadBody(args.request);
    }
  };
  const endpoint: Endpoint = { def: def as EndpointDef<z.ZodType, z.ZodType>, handle };
  REGISTRY.push(endpoint);
  return endpoint;
}

type JsonSchemaNode = { type?: string | string[]; anyOf?: JsonSchemaNode[]; oneOf?: JsonSchemaNode[] };

/** What a JSON Schema allows at its top, or undefined when anything may be (readBody refuses the rest). */
function kindsOf(node: JsonSchemaNode): JsonKind[] | undefined {
  if (node.type !== undefined) {
    const types = Array.isArray(node.type) ? node.type : [node.type];
    return types.map((t) => (t === 'integer' ? 'number' : (t as JsonKind)));
  }
  const members = node.anyOf ?? node.oneOf;
  if (!members) return undefined;
  const kinds = members.map(kindsOf);
  return kinds.every((k) => k !== undefined) ? [...new Set(kinds.flat())] : undefined;
}

/** The body kinds an endpoint's schema takes: an object schema refuses `null`, `42` or `[]` before it runs. */
export function topLevelKinds(schema: z.ZodType): JsonKind[] | undefined {
  return kindsOf(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode);
}

/** Every endpoint defined so far (the OpenAPI document is generated from it). */
export const REGISTRY: Endpoint[] = [];

/** A route module's loader and action from its endpoints, by method; other methods answer 405. */
export function routeHandlers(...endpoints: Endpoint[]) {
  const byMethod = new Map(endpoints.map((e) => [e.def.method, e]));
  const dispatch = (args: RouteArgs) => {
    const e = byMethod.get(args.request.method.toUpperCase() as Method);
    if (!e) {
      return errorResponse(
        new ApiError('method_not_allowed', `Method ${args.request.method} is not allowed here.`),
      );
    }
    return e.handle(args);
  };
  return { loader: dispatch, action: dispatch };
}
