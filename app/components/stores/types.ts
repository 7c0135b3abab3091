import type { AccountView, PlatformView } from '../../../server/stores/index.ts';

export type StoreAccountView = AccountView;
export type StorePlatform = PlatformView;

/** What the server said when it refused: the problem the screen words, and the store's own reason. */
export type ConnectRefusal = { problem: string; reason?: string; whitelist_ips?: string[]; message: string };

/** The status a store shows: its sync running, else its connection. */
export function storeStatus(a: StoreAccountView): string {
  if (a.discontinued) return 'discontinued';
  if (
    a.sync &&
    (a.sync.state === 'pending' || a.sync.state === 'active') &&
    a.connection_status !== 'disconnected'
  )
    return 'syncing';
  if (['connected', 'reconnect', 'disconnected', 'failed'].includes(a.connection_status))
    return a.connection_status;
  return 'unknown';
}

export async function readRefusal(res: Response): Promise<ConnectRefusal> {
  const body = (await res.json().catch(() => ({}))) as {
    message?: string;
    details?: { problem?: string; reason?: string; whitelist_ips?: string[] };
  };
  return {
    problem: body.details?.problem ?? 'generic',
    reason: body.details?.reason,
    whitelist_ips: body.details?.whitelist_ips,
    message: body.message ?? '',
  };
}
