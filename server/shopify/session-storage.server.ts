import { Session } from '@shopify/shopify-api';
import type { SessionStorage } from '@shopify/shopify-app-session-storage';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shopifySessions } from '../../db/schema.ts';
import { decryptSecret, encryptSecret } from '../platform/index.ts';

/**
 * Shopify sessions in our own database (PGlite or PostgreSQL), the access token encrypted with APP_SECRET.
 * `getDb` is read at each call so the storage works with the process runtime's database.
 */
export class DatabaseSessionStorage implements SessionStorage {
  constructor(
    private readonly getDb: () => Db,
    private readonly appSecret: () => string,
  ) {}

  async storeSession(session: Session): Promise<boolean> {
    const payload = encryptSecret(JSON.stringify(session.toPropertyArray(true)), this.appSecret());
    const values = {
      id: session.id,
      shop: session.shop,
      isOnline: session.isOnline,
      payloadEncrypted: payload,
      expiresAt: session.expires ?? null,
      updatedAt: new Date(),
    };
    await this.getDb()
      .insert(shopifySessions)
      .values(values)
      .onConflictDoUpdate({ target: shopifySessions.id, set: values });
    return true;
  }

  async loadSession(id: string): Promise<Session | undefined> {
    const [row] = await this.getDb().select().from(shopifySessions).where(eq(shopifySessions.id, id));
    return row ? this.toSession(row.payloadEncrypted) : undefined;
  }

  async deleteSession(id: string): Promise<boolean> {
    await this.getDb().delete(shopifySessions).where(eq(shopifySessions.id, id));
    return true;
  }

  async deleteSessions(ids: string[]): Promise<boolean> {
    if (ids.length) await this.getDb().delete(shopifySessions).where(inArray(shopifySessions.id, ids));
    return true;
  }

  async findSessionsByShop(shop: string): Promise<Session[]> {
    const rows = await this.getDb().select().from(shopifySessions).where(eq(shopifySessions.shop, shop));
    return rows.map((r) => this.toSession(r.payloadEncrypted));
  }

  private toSession(sealed: string): Session {
    return Session.fromPropertyArray(JSON.parse(decryptSecret(sealed, this.appSecret())), true);
  }
}
