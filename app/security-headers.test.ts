import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestServer, type TestServer } from '../scripts/testing/server.ts';

// The headers of the real server: the script policy of HTML pages (nonces), Cache-Control on the signed-in
// user's data, HSTS when the public address is https. The embedded app's frame-ancestors: app/shopify.test.ts.
// One server at a time: a test server's runtime is the process's (runtime.server.ts).
let server: TestServer;
const serve = (env: Record<string, string> = {}) => {
  beforeAll(async () => {
    server = await startTestServer(env);
  });
  afterAll(() => server?.close());
};

/** The policy's directives by name. */
function directives(policy: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name, sources);
  }
  return out;
}

const page = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { redirect: 'manual', headers: { Accept: 'text/html', ...headers } });

let accounts = 0;
async function signedIn() {
  const c = client(server.url);
  const res = await c.post('/auth/register', {
    email: `headers-${++accounts}@example.com`,
    password: 'correct-horse',
    confirmPassword: 'correct-horse',
    businessName: 'Acme',
    shopUrl: 'https://acme.example',
  });
  expect(res.status).toBe(200);
  return c;
}

describe('over http', () => {
  serve();

  describe('HTML pages', () => {
    it('allow only our own scripts and inline scripts with the nonce of the page, which every script tag has', async () => {
      const res = await page(`${server.url}/login`);
      expect(res.status).toBe(200);
      const policy = directives(res.headers.get('content-security-policy'));
      const scriptSrc = policy.get('script-src') ?? [];
      const nonces = scriptSrc.filter((s) => s.startsWith("'nonce-"));
      expect(nonces).toHaveLength(1);
      const nonce = nonces[0]!.slice("'nonce-".length, -1);
      expect(nonce.length).toBeGreaterThanOrEqual(16);
      expect(scriptSrc).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'self'"]);

      const html = await res.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      // The module entry, the hydration context and the scroll restoration at least.
      expect(scripts.length).toBeGreaterThanOrEqual(3);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

      const again = directives((await page(`${server.url}/login`)).headers.get('content-security-policy'));
      expect(again.get('script-src')).not.toContain(`'nonce-${nonce}'`);
    });

    it('have the same policy when signed in, with the signed-in page data', async () => {
      const c = await signedIn();
      const res = await c.get('/catalogs', { Accept: 'text/html' });
      expect(res.status).toBe(200);
      const policy = directives(res.headers.get('content-security-policy'));
      const nonce = policy
        .get('script-src')!
        .find((s) => s.startsWith("'nonce-"))!
        .slice(7, -1);
      const scripts = (await res.text()).match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThanOrEqual(3);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    });
  });

  describe('Cache-Control', () => {
    it("is no-store on the signed-in user's JSON and route data", async () => {
      const c = await signedIn();
      for (const path of ['/loggedin', '/api/v1/catalogs', '/api/v1/users/me']) {
        const res = await c.get(path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('cache-control'), path).toBe('no-store');
      }
      // What a client-side navigation to /catalogs fetches.
      const data = await c.get('/catalogs.data', { Accept: '*/*' });
      expect(data.status).toBe(200);
      expect(data.headers.get('cache-control')).toBe('no-store');
    });
  });

  it('sends no Strict-Transport-Security', async () => {
    for (const path of ['/login', '/healthz']) {
      const res = await page(`${server.url}${path}`);
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
  });
});

describe('with an https APP_URL', () => {
  serve({ APP_URL: 'https://catalogs.example.com' });

  it('sends Strict-Transport-Security on pages, API answers and files alike', async () => {
    for (const path of ['/login', '/healthz', '/api/v1/catalogs', '/favicon.svg']) {
      const res = await page(`${server.url}${path}`);
      expect(res.headers.get('strict-transport-security'), path).toBe('max-age=31536000');
    }
  });
});
