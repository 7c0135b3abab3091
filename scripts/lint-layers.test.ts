import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layers of DESIGN §3 are enforced by ESLint (eslint.config.js): a wrong import fails `npm run lint`, with a
// message saying which layer may not import which. Each case lints one line as if it were a file of the project.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: ROOT });

async function problems(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = x;\n`, {
    filePath: path.join(ROOT, file),
  });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the layer rule', () => {
  it('refuses an import of a layer above or beside, naming both', async () => {
    const [msg] = await problems('worker/fixture.ts', "import { x } from '../app/express.server.ts';");
    expect(msg).toContain(
      'Layers (DESIGN §3): worker/ may import only from core/, db/, connectors/, server/',
    );
    expect(msg).toContain('never from app/');
    expect(await problems('app/routes/fixture.ts', "import { x } from '../../worker/index.ts';")).toEqual([
      expect.stringContaining('app/ may import only from core/, db/, connectors/, server/'),
    ]);
    expect(await problems('cli/fixture.ts', "import { x } from '../worker/jobs/index.ts';")).toHaveLength(1);
    expect(await problems('server/catalogs/fixture.ts', "import { x } from '../../app/root.tsx';")).toEqual([
      expect.stringContaining('server/ may import only from core/, db/, connectors/'),
    ]);
    expect(await problems('db/fixture.ts', "import { x } from '../server/files/index.ts';")).toHaveLength(1);
    expect(
      await problems('connectors/shopify/fixture.ts', "import { x } from '../../server/jobs/index.ts';"),
    ).toHaveLength(1);
  });

  it('lets each layer import the layers before it', async () => {
    expect(await problems('worker/fixture.ts', "import { x } from '../server/jobs/index.ts';")).toEqual([]);
    expect(
      await problems('server/catalogs/fixture.ts', "import { x } from '../../core/model/index.ts';"),
    ).toEqual([]);
    expect(await problems('connectors/fixture.ts', "import { x } from '../db/schema.ts';")).toEqual([]);
  });

  it('reaches a server domain through its index.ts only, from outside it and from another domain', async () => {
    expect(
      await problems('cli/fixture.ts', "import { x } from '../server/catalogs/catalogs.server.ts';"),
    ).toEqual([expect.stringContaining('through its index.ts')]);
    expect(await problems('cli/fixture.ts', "import { x } from '../server/catalogs/index.ts';")).toEqual([]);
    expect(
      await problems('server/catalogs/fixture.ts', "import { x } from '../listings/listings.server.ts';"),
    ).toEqual([expect.stringContaining('through its index.ts')]);
    expect(
      await problems(
        'server/catalogs/pdf/fixture.ts',
        "import { x } from '../../files/images/cache.server.ts';",
      ),
    ).toEqual([expect.stringContaining('through its index.ts')]);
    // Inside a domain, its own files are imported directly.
    expect(
      await problems('server/catalogs/fixture.ts', "import { x } from './pdf/assets.server.ts';"),
    ).toEqual([]);
    expect(
      await problems('server/catalogs/pdf/fixture.ts', "import { x } from '../catalogs.server.ts';"),
    ).toEqual([]);
  });

  it('keeps core pure, tests included', async () => {
    expect(await problems('core/render/fixture.ts', "import { x } from 'node:fs';")).toEqual([
      expect.stringContaining('core/ is pure: no Node APIs.'),
    ]);
    expect(await problems('core/render/fixture.test.ts', "import { x } from 'node:fs';")).toEqual([
      expect.stringContaining('core/ is pure: no Node APIs.'),
    ]);
  });

  it('lets tests reach across layers (a worker test starts the app), still through domain entries', async () => {
    expect(
      await problems('worker/fixture.test.ts', "import { x } from '../scripts/testing/server.ts';"),
    ).toEqual([]);
    expect(
      await problems('worker/fixture.test.ts', "import { x } from '../server/catalogs/catalogs.server.ts';"),
    ).toEqual([expect.stringContaining('through its index.ts')]);
  });

  it('orders the server domains (DESIGN §3): an import of a later domain fails, naming both and the way out', async () => {
    const [msg] = await problems('server/accounts/fixture.ts', "import { x } from '../billing/index.ts';");
    expect(msg).toContain(
      'Server domains (DESIGN §3): server/accounts/ may import only jobs/, platform/, mail/, files/',
    );
    expect(msg).toContain('never billing/');
    expect(msg).toContain('pass a function in');
    // The two circles this order broke: stores wrote listings, and platform's endpoint and runtime reached up.
    expect(
      await problems('server/stores/fixture.ts', "import { x } from '../listings/index.ts';"),
    ).toHaveLength(1);
    expect(
      await problems('server/platform/http/fixture.ts', "import { x } from '../../accounts/index.ts';"),
    ).toHaveLength(1);
    expect(
      await problems('server/platform/fixture.ts', "import { x } from '../runtime/index.ts';"),
    ).toHaveLength(1);
    // Peers import neither each other: mail and files.
    expect(await problems('server/mail/fixture.ts', "import { x } from '../files/index.ts';")).toHaveLength(
      1,
    );
    expect(
      await problems('server/catalogs/pdf/fixture.ts', "import { x } from '../../shopify/index.ts';"),
    ).toHaveLength(1);
  });

  it('lets a server domain import the domains before it, and the runtime import them all', async () => {
    expect(await problems('server/listings/fixture.ts', "import { x } from '../stores/index.ts';")).toEqual(
      [],
    );
    expect(await problems('server/billing/fixture.ts', "import { x } from '../accounts/index.ts';")).toEqual(
      [],
    );
    expect(
      await problems('server/catalogs/pdf/fixture.ts', "import { x } from '../../files/index.ts';"),
    ).toEqual([]);
    expect(await problems('server/runtime/fixture.ts', "import { x } from '../shopify/index.ts';")).toEqual(
      [],
    );
    expect(await problems('server/jobs/fixture.ts', "import { x } from '../../db/schema.ts';")).toEqual([]);
  });

  it("holds a domain's tests to the domain entries only: a sync test may read the listings it wrote", async () => {
    expect(
      await problems('server/stores/fixture.test.ts', "import { x } from '../listings/index.ts';"),
    ).toEqual([]);
    expect(
      await problems('server/stores/fixture.test.ts', "import { x } from '../listings/listings.server.ts';"),
    ).toEqual([expect.stringContaining('through its index.ts')]);
  });
});
