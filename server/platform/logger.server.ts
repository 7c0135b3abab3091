import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs; secrets never appear in them, and a logged error is bounded: every logger of the app
 * and the worker is made here, so they all log errors through serializeError.
 */
export function createLogger(
  level: string = process.env.LOG_LEVEL ?? 'info',
  destination?: DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'catalog-builder' },
    serializers: { err: serializeError },
    redact: {
      paths: [
        'password',
        '*.password',
        'confirmPassword',
        '*.accessToken',
        '*.access_token',
        'headers.cookie',
        'headers.authorization',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** The longest text a logged error keeps of any one field; the stack and the SQL have their own bounds. */
export const LOG_STRING_MAX = 1000;
const STACK_MAX = 4000;
const SQL_MAX = 300;
const PARAM_TYPES_MAX = 20;
const DEPTH_MAX = 3;
const KEYS_MAX = 30;
const ITEMS_MAX = 10;
/** Enough to find every address in the kept part of a text, even one cut at the bound. */
const EMAIL_MARGIN = 320;
const EMAIL = /[^\s@"'`<>()[\]{},;:=]+@[^\s@"'`<>()[\]{},;:=]+\.[A-Za-z]{2,}/g;

/** A text cut to `max` characters, with email addresses replaced: logs are read by people who need neither. */
export function boundText(text: string, max = LOG_STRING_MAX): string {
  const head = text.slice(0, max + EMAIL_MARGIN).replace(EMAIL, '[email]');
  return head.length > max || text.length > max + EMAIL_MARGIN
    ? `${head.slice(0, max)}… [${text.length} characters]`
    : head;
}

const TABLE = String.raw`("[^"]+"|[\w.]+)`;
/** What a statement does and to which table ("insert into users"): enough to find it in the code. */
export function statementName(query: string): string {
  const text = query.replace(/\s+/g, ' ').trim();
  const unquote = (t: string) => t.replaceAll('"', '');
  const write = new RegExp(`^(insert into|update|delete from) ${TABLE}`, 'i').exec(text);
  if (write) return `${write[1]!.toLowerCase()} ${unquote(write[2]!)}`;
  const verb = /^\w+/.exec(text)?.[0]?.toLowerCase() ?? 'query';
  const table = new RegExp(`\\bfrom ${TABLE}`, 'i').exec(text)?.[1];
  return table ? `${verb} from ${unquote(table)}` : verb;
}

/** The parameters of a failed query without their values (which hold merchants' data): count, types, sizes. */
export function describeParams(params: unknown): { count: number; types: string[] } | string {
  if (!Array.isArray(params)) return typeof params;
  const describe = (p: unknown): string => {
    if (p === null || p === undefined) return String(p);
    if (typeof p === 'string') return `string(${p.length})`;
    if (p instanceof Uint8Array) return `bytes(${p.byteLength})`;
    if (Array.isArray(p)) return `array(${p.length})`;
    if (p instanceof Date) return 'date';
    return typeof p;
  };
  const types = params.slice(0, PARAM_TYPES_MAX).map(describe);
  if (params.length > PARAM_TYPES_MAX) types.push(`… ${params.length - PARAM_TYPES_MAX} more`);
  return { count: params.length, types };
}

const isErrorLike = (v: unknown): v is Record<string, unknown> & { message: unknown } =>
  v instanceof Error || (!!v && typeof v === 'object' && 'message' in v && 'stack' in v);

/** Fields of database errors that repeat the row or the statement (PostgreSQL's detail: "Key (email)=(…)"). */
const VALUE_FIELDS = new Set(['detail', 'where', 'queryOptions']);

/**
 * pino's `err` serializer. A failed query is logged by its statement (name and bounded SQL) and a summary of
 * its parameters, never their values, wherever the error carries them (drizzle's DrizzleQueryError, the
 * PGlite or pg error in its cause); every other text is cut to LOG_STRING_MAX with addresses removed.
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!isErrorLike(err)) return boundValue(err, depth);
  const type = (err.constructor as { name?: string } | undefined)?.name || 'Error';
  const query = typeof err.query === 'string' ? err.query : undefined;
  let message = String(err.message);
  // drizzle writes the whole SQL and every parameter into the message (and so into the stack).
  if (query && message.startsWith('Failed query:')) message = `Failed query: ${statementName(query)}`;
  const out: Record<string, unknown> = { type, message: boundText(message) };
  if (typeof err.stack === 'string') {
    const frames = err.stack.indexOf('\n    at ');
    out.stack = boundText(`${type}: ${message}${frames >= 0 ? err.stack.slice(frames) : ''}`, STACK_MAX);
  }
  for (const key of Object.keys(err).slice(0, KEYS_MAX)) {
    const value = err[key];
    if (key === 'message' || key === 'stack' || value === undefined) continue;
    if (key === 'query' && query) {
      out.statement = statementName(query);
      out.query = boundText(query.replace(/\s+/g, ' ').trim(), SQL_MAX);
    } else if (key === 'params') out.params = describeParams(value);
    else if (key === 'internalQuery' && typeof value === 'string') out[key] = boundText(value, SQL_MAX);
    else if (VALUE_FIELDS.has(key)) out[key] = '[redacted]';
    else out[key] = depth < DEPTH_MAX ? boundValue(value, depth + 1) : '[…]';
  }
  if (err instanceof Error && err.cause !== undefined && !('cause' in out) && depth < DEPTH_MAX)
    out.cause = serializeError(err.cause, depth + 1);
  return out;
}

function boundValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return boundText(value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return String(value);
  if (typeof value !== 'object') return undefined;
  if (isErrorLike(value)) return serializeError(value, depth);
  if (value instanceof Uint8Array) return `bytes(${value.byteLength})`;
  if (value instanceof Date) return value.toISOString();
  if (depth >= DEPTH_MAX) return '[…]';
  if (Array.isArray(value)) {
    const items = value.slice(0, ITEMS_MAX).map((v) => boundValue(v, depth + 1));
    if (value.length > ITEMS_MAX) items.push(`… ${value.length - ITEMS_MAX} more`);
    return items;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).slice(0, KEYS_MAX))
    out[key] = boundValue((value as Record<string, unknown>)[key], depth + 1);
  return out;
}
