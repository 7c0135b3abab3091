// A listener on this machine's loopback (127.0.0.1 and ::1, one port) that records every connection it gets,
// for the tests proving the worker's Chromium never reaches a private address (DESIGN §10). The guarded
// fetcher (server/files/images/fetch.server.ts) may be let through to it by a test: its requests carry its own User-Agent,
// so anything else, a request from a browser, a TLS handshake or a connection that never sent a request,
// is a connection it did not make.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Catalog } from '../../core/model/index.ts';
import { CatalogBuilder, product } from '../../core/render/test-fixtures.ts';
import { FETCHER_USER_AGENT } from '../../server/files/index.ts';

export type TrapConnection = { family: 'IPv4' | 'IPv6'; requests: { url: string; userAgent: string }[] };

/** Every way a URL can name this machine's loopback, as a URL's host[:port]. */
export const loopbackHosts = (port: number): string[] =>
  [
    '127.0.0.1',
    'localhost',
    '[::1]',
    '127.1',
    '2130706433',
    '0x7f000001',
    '0177.0.0.1',
    '[::ffff:127.0.0.1]',
  ].map((h) => `${h}:${port}`);

export async function openLoopbackTrap(answer: (url: string) => Buffer | null = () => null) {
  const connections: TrapConnection[] = [];
  const bySocket = new WeakMap<Socket, TrapConnection>();
  const handler: http.RequestListener = (req, res) => {
    const c = bySocket.get(req.socket);
    if (c) {
      // A kept-alive connection from before a reset counts again from its next request.
      if (!connections.includes(c)) connections.push(c);
      c.requests.push({ url: req.url ?? '', userAgent: req.headers['user-agent'] ?? '' });
    }
    const body = answer(req.url ?? '');
    if (body) res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(body);
    else res.writeHead(404).end();
  };
  const servers = [http.createServer(handler), http.createServer(handler)];
  for (const s of servers) {
    s.on('connection', (socket: Socket) => {
      const c: TrapConnection = { family: socket.remoteFamily === 'IPv6' ? 'IPv6' : 'IPv4', requests: [] };
      bySocket.set(socket, c);
      connections.push(c);
    });
  }
  await new Promise<void>((r) => servers[0]!.listen(0, '127.0.0.1', r));
  const port = (servers[0]!.address() as AddressInfo).port;
  await new Promise<void>((resolve, reject) => {
    servers[1]!.once('error', reject);
    servers[1]!.listen(port, '::1', resolve);
  });

  return {
    port,
    connections,
    /** Connections that were not the guarded fetcher's alone. */
    foreign: () =>
      connections.filter(
        (c) => c.requests.length === 0 || c.requests.some((r) => r.userAgent !== FETCHER_USER_AGENT),
      ),
    /** Requests the guarded fetcher made (the test let it through). */
    fetched: () => connections.flatMap((c) => c.requests.filter((r) => r.userAgent === FETCHER_USER_AGENT)),
    /** Forget the connections so far (each test looks at its own). */
    reset: () => {
      for (const c of connections) c.requests.length = 0;
      connections.splice(0);
    },
    async close() {
      for (const s of servers) s.closeAllConnections();
      await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    },
  };
}

/** A catalog whose every merchant address points at the trap; a flow page, so layout is measured first. */
export function trapCatalog(port: number): Catalog {
  const hosts = loopbackHosts(port);
  const b = new CatalogBuilder();
  b.cover(`http://${hosts[0]}/cover.jpg`);
  b.flow(
    hosts.map((host, i) =>
      product(i, {
        main_image: `http://${host}/p${i}.jpg`,
        images: [{ original: `http://${host}/p${i}.jpg` }],
        description: `<p>Made by hand.</p><p><img src="http://${host}/description-${i}.png" width="40" height="40"></p>`,
      }),
    ),
    'Kitchen',
  );
  return b.build({
    settings: { showDescription: true },
    // The CSS sanitizer keeps https url() only (and relative ones); each layer of a background is loaded.
    custom_css: `.cb-page { font-family: 'Trap Sans', serif; background-image: ${hosts.map((host, i) => `url(https://${host}/c${i}.png)`).join(', ')} }`,
    branding_css: `:root { --brand-primary: #aa0000 } .cb-description { background-image: url(https://${hosts[2]}/brand.png) }`,
    fonts: [{ family: 'Trap Sans', url: `http://${hosts[0]}/trap-sans.woff2` }],
  });
}
