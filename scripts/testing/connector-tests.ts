import { afterAll, beforeAll, beforeEach } from 'vitest';
import { getConnector, type Connector, type ConnectorDeps } from '../../connectors/index.ts';

/*
 * What every connector test file sets up around its platform's local server (scripts/testing/fake-*.ts): the
 * server's life over the file, and the adapter as the app builds it.
 */

/**
 * The local store of a connector test file: started before the file's tests (`start` answers the fake and the
 * base URL it listens on), stopped after them, and put back in its first state before each test (`reset`).
 * Tests read `store.fake` and `store.url`, which are set once the file's tests run.
 */
export function localStore<F extends { stop(): Promise<unknown> }>(
  start: () => Promise<{ fake: F; url: string }>,
  reset?: (fake: F) => void,
): { readonly fake: F; readonly url: string } {
  const store = {} as { fake: F; url: string };
  beforeAll(async () => {
    Object.assign(store, await start());
  });
  afterAll(() => store.fake?.stop());
  if (reset) beforeEach(() => reset(store.fake));
  return store;
}

/**
 * A platform's adapter as the app builds it: through the registry (connectors/platforms.ts), for an account whose
 * credentials are stored in the clear (`decrypt` gives them back as they are).
 */
export function registryConnector<C extends Connector = Connector>(
  account: { type: string; shopDomain: string; credentials: object; id?: string },
  deps: Partial<ConnectorDeps> = {},
): C {
  return getConnector(
    {
      id: account.id ?? `acc-${account.type}`,
      type: account.type,
      shopDomain: account.shopDomain,
      credentialsEncrypted: JSON.stringify(account.credentials),
    },
    { decrypt: (s) => s, ...deps },
  ) as C;
}
