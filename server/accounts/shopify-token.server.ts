import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storeAccounts, users } from '../../db/schema.ts';
import type { Config } from '../platform/index.ts';
import { getSessionUser, type User } from './auth.server.ts';

/** Seconds of clock difference allowed with Shopify's clocks, as Shopify's own library allows. */
const CLOCK_TOLERANCE_S = 10;
const SHOP_HOST = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

const decodePart = (part: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

const hostOf = (url: unknown): string | null => {
  if (typeof url !== 'string') return null;
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
};

/**
 * The shop a Shopify session token (App Bridge's `shopify.idToken()`, a JWT signed with the app's secret)
 * was issued for, or null: the signature (HS256 with SHOPIFY_API_SECRET), the audience (our API key), its
 * validity window and a *.myshopify.com destination are all checked.
 */
export function shopOfSessionToken(
  token: string,
  opts: { apiKey: string; apiSecret: string; now?: number },
): string | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, signature] = parts as [string, string, string];
  if (decodePart(head)?.alg !== 'HS256') return null;
  const expected = createHmac('sha256', opts.apiSecret).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = decodePart(body);
  if (!claims) return null;
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp + CLOCK_TOLERANCE_S < now) return null;
  if (typeof claims.nbf === 'number' && claims.nbf - CLOCK_TOLERANCE_S > now) return null;
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audience.includes(opts.apiKey)) return null;
  const shop = hostOf(claims.dest);
  return shop && SHOP_HOST.test(shop) ? shop : null;
}

/**
 * The merchant of the shop an embedded app request comes from (`Authorization: Bearer <session token>`, DESIGN
 * §1: the embedded app authenticates every call with session tokens), or null. The shop must have installed
 * the app: its store account links it to its merchant.
 */
export async function shopifyTokenUser(opts: {
  db: Db;
  config: Config;
  request: Request;
}): Promise<User | null> {
  const { config } = opts;
  if (!config.SHOPIFY_API_KEY || !config.SHOPIFY_API_SECRET) return null;
  const header = opts.request.headers.get('authorization') ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) return null;
  const shop = shopOfSessionToken(token, {
    apiKey: config.SHOPIFY_API_KEY,
    apiSecret: config.SHOPIFY_API_SECRET,
  });
  if (!shop) return null;
  return shopUser({ db: opts.db, shop });
}

/** The merchant a shop that installed the app belongs to (its store account links them), or null. */
export async function shopUser(opts: { db: Db; shop: string }): Promise<User | null> {
  const [row] = await opts.db
    .select({ user: users })
    .from(storeAccounts)
    .innerJoin(users, eq(users.id, storeAccounts.userId))
    .where(and(eq(storeAccounts.type, 'shopify'), eq(storeAccounts.shopDomain, opts.shop)))
    .limit(1);
  return row?.user ?? null;
}

/** The caller of an API request: the session cookie's user (standalone), else the embedded app's merchant. */
export async function getRequestUser(opts: {
  db: Db;
  config: Config;
  request: Request;
}): Promise<User | null> {
  return (await getSessionUser(opts)) ?? (await shopifyTokenUser(opts));
}
