/**
 * `npm run bench -- <name>` runs one benchmark, `npm run bench` all of them (DESIGN §13). Benchmarks report
 * figures against their budget; they never fail a build on timings. Add one: a module with `main()` and a
 * line below.
 */
// Benchmarks measure the product as `npm start` runs it (scripts/start.mjs sets production): without this, React
// renders on the server with its development build, several times slower, and the editor's first byte with it.
process.env.NODE_ENV ??= 'production';

type Benchmark = { summary: string; load: () => Promise<{ main: (args?: string[]) => Promise<void> }> };

const BENCHMARKS: Record<string, Benchmark> = {
  import: {
    summary: '10,000 CSV rows validated and stored (budget 5 s)',
    load: () => import('./import.ts'),
  },
  editor: {
    summary:
      'a 1,000-product, 112-page catalog in the editor (interactive 1.5 s, p95 frame 16 ms, one page saved); `editor long`: 10,000 products on 1,112 pages',
    load: () => import('./editor.ts'),
  },
  pdf: {
    summary: '1,000 products, 1,000 pictures, 112 A4 pages to PDF on a warm worker (budget 5 s, 30 MB)',
    load: () => import('./pdf.ts'),
  },
  'pdf-long': {
    summary:
      '10,000 products, 1,000 pictures, 1,112 A4 pages to PDF: one worker in one piece, two workers in parts, against Chromium alone (goal: parts faster, memory flat)',
    load: () => import('./pdf-long.ts'),
  },
  sync: {
    summary:
      'a 10,000-product store (variants included) synced from a local server: time, peak memory, ratio to the bare paging (goal 2 min, 1.5×); `sync <platform>` (default woocommerce)',
    load: () => import('./sync.ts'),
  },
  'sync-platforms': {
    summary:
      'per platform: products mapped from the published responses, the fields they fill, and 1,000 products synced from a local server',
    load: () => import('./sync-platforms.ts'),
  },
  viewer: {
    summary:
      'a 112-page catalog in the viewer: first paint (budget 500 ms, 5× pdf.js), JS (60 KB gzipped); `viewer long`: 1,112 pages',
    load: () => import('./viewer.ts'),
  },
};

export async function run(argv: string[]): Promise<number> {
  // `sync woocommerce`: words after a benchmark's name that are not benchmarks are its arguments.
  const names: string[] = [];
  const args = new Map<string, string[]>();
  for (const word of argv) {
    if (BENCHMARKS[word] || names.length === 0) names.push(word);
    else args.set(names.at(-1)!, [...(args.get(names.at(-1)!) ?? []), word]);
  }
  const unknown = names.filter((n) => !BENCHMARKS[n]);
  if (unknown.length) {
    console.error(`Unknown benchmark: ${unknown.join(', ')}. Available:`);
    for (const [name, b] of Object.entries(BENCHMARKS)) console.error(`  ${name.padEnd(10)} ${b.summary}`);
    return 1;
  }
  // `npm run bench` alone runs the budgets of DESIGN §13; pdf-long (about half an hour here) only when named.
  for (const name of names.length ? names : Object.keys(BENCHMARKS).filter((n) => n !== 'pdf-long')) {
    await (await BENCHMARKS[name]!.load()).main(args.get(name) ?? []);
  }
  return 0;
}

process.exitCode = await run(process.argv.slice(2));
