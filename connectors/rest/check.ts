import { ConnectorError, type ConnectionCheck } from '../types.ts';

/** checkConnection's answer: what the store said of itself, or why it could not (never throws). */
export async function connectionCheck(
  ask: () => Promise<{ shopName: string | null; currency: string | null; storeUrl: string | null }>,
): Promise<ConnectionCheck> {
  try {
    return { ok: true, ...(await ask()) };
  } catch (err) {
    if (err instanceof ConnectorError) return { ok: false, code: err.code, reason: err.message };
    return { ok: false, code: 'network', reason: (err as Error).message };
  }
}
