import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * The layers of DESIGN §3: core → db → connectors → server → {app, viewer, worker, cli}. Each folder imports only
 * from the layers before it; the four at the top never import each other; code outside a server domain reaches
 * it through the domain's index.ts.
 */
const LAYERS = {
  core: [],
  db: ['core'],
  connectors: ['core', 'db'],
  server: ['core', 'db', 'connectors'],
  app: ['core', 'db', 'connectors', 'server'],
  viewer: ['core', 'db', 'connectors', 'server'],
  worker: ['core', 'db', 'connectors', 'server'],
  cli: ['core', 'db', 'connectors', 'server'],
  bench: ['core', 'db', 'connectors', 'server', 'worker', 'scripts'],
};
const FOLDERS = [
  'core',
  'db',
  'connectors',
  'server',
  'app',
  'viewer',
  'worker',
  'cli',
  'scripts',
  'e2e',
  'bench',
];
/**
 * DESIGN §3's order of the server domains: each imports only domains of a lower rank (mail and files are peers
 * and import neither each other), and the runtime that wires them all is last. A dependency that would point
 * the other way is inverted: a function passed in (stores' ListingWriter, accounts' ProvisionAccount).
 */
const SERVER_ORDER = {
  jobs: 0,
  platform: 1,
  mail: 2,
  files: 2,
  accounts: 3,
  billing: 4,
  stores: 5,
  listings: 6,
  catalogs: 7,
  shopify: 8,
  runtime: 9,
};

/** Patterns refusing, in a file `depth` folders inside server/<domain>/, every domain not before it. */
function domainOrderPatterns(domain, depth) {
  const rank = SERVER_ORDER[domain];
  const before = Object.keys(SERVER_ORDER).filter((d) => SERVER_ORDER[d] < rank);
  const refused = Object.keys(SERVER_ORDER).filter((d) => d !== domain && SERVER_ORDER[d] >= rank);
  if (!refused.length) return [];
  const up = '../'.repeat(depth);
  return [
    {
      group: refused.flatMap((d) => [`${up}${d}`, `${up}${d}/**`]),
      message:
        `Server domains (DESIGN §3): server/${domain}/ may import only ${before.map((b) => b + '/').join(', ') || 'no other domain'}` +
        `, never ${refused.map((r) => r + '/').join(', ')}; invert the dependency (pass a function in).`,
    },
  ];
}

const NODE_APIS = ['node:*', 'fs', 'path', 'http', 'https', 'child_process', 'crypto', 'os', 'url'];

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

/** Patterns refusing imports of the layers `layer` may not use, at any relative depth. */
function layerPatterns(layer) {
  const allowed = LAYERS[layer];
  const refused = FOLDERS.filter((f) => f !== layer && !allowed.includes(f));
  return [
    {
      group: refused.flatMap((f) => [`../${f}`, `../${f}/**`, `**/../${f}`, `**/../${f}/**`]),
      message:
        `Layers (DESIGN §3): ${layer}/ may import only from ${allowed.map((a) => a + '/').join(', ') || 'itself'}` +
        `, never from ${refused.map((r) => r + '/').join(', ')}.`,
    },
  ];
}

/**
 * One no-restricted-imports setting per kind of file (a later setting replaces an earlier one for a file, so
 * each kind gets its whole list). Tests may reach across layers (a worker test starts the app); they still use
 * a domain's index.ts and core's tests stay pure.
 */
function layerRules() {
  const rule = (files, patterns, ignores) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  });
  const configs = [];
  for (const layer of Object.keys(LAYERS)) {
    const extra = [];
    if (layer === 'core') extra.push({ group: NODE_APIS, message: 'core/ is pure: no Node APIs.' });
    if (layer !== 'server' && LAYERS[layer].includes('server'))
      extra.push(domainEntryPattern('(^|/)server/[^/]+/(?!index\\.ts$)'));
    const files = [`${layer}/**/*.{ts,tsx}`];
    configs.push(rule(files, [...layerPatterns(layer), ...extra], TESTS));
    if (extra.length)
      configs.push(
        rule(
          TESTS.map((t) => `${layer}/${t}`),
          extra,
        ),
      );
  }
  // Inside server/: another domain only through its index.ts (files one and two folders deep), and only a domain
  // before it in DESIGN §3's order. Tests are held to the entries only: a store sync test may read listings.
  for (const domain of Object.keys(SERVER_ORDER)) {
    for (const depth of [1, 2]) {
      const files = [`server/${domain}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`];
      const entry = domainEntryPattern(`^(\\.\\./){${depth}}[^./][^/]*/(?!index\\.ts$)`);
      configs.push(
        rule(files, [...layerPatterns('server'), entry, ...domainOrderPatterns(domain, depth)], TESTS),
      );
      configs.push(
        rule(
          TESTS.map((t) => files[0].replace('*.{ts,tsx}', t.slice(3))),
          [entry],
        ),
      );
    }
  }
  // Everything outside the layers (scripts, e2e) reaches server domains through their index.ts too.
  configs.push(
    rule(
      ['scripts/**/*.{ts,tsx}', 'e2e/**/*.{ts,tsx}'],
      [domainEntryPattern('(^|/)server/[^/]+/(?!index\\.ts$)')],
    ),
  );
  return configs;
}

function domainEntryPattern(regex) {
  return {
    regex,
    message: 'Import a server domain through its index.ts (server/<domain>/index.ts), not its inner files.',
  };
}

export default tseslint.config(
  { ignores: ['node_modules', 'build', 'data', '.react-router', 'coverage', 'db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  ...layerRules(),
  {
    files: ['scripts/**/*.mjs', 'scripts/**/*.js', 'server/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
