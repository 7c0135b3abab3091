// `npm test`: typecheck, lint, unit, integration (a real HTTP server on PGlite, or on PostgreSQL with
// DATABASE_URL) and end-to-end (Chromium, the product on its embedded defaults as `npm start` runs it).
// The static checks, the unit tests and the app's build run side by side (each mostly on one core); the
// integration and end-to-end suites follow, one after the other. Stops at the first failing step and ends with
// how long each step took.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChrome } from '../server/platform/find-chrome.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

/** The end-to-end suite drives the product as `npm start` runs it: PGlite, unless E2E_DATABASE_URL says. */
const e2eEnv = { DATABASE_URL: process.env.E2E_DATABASE_URL };

/** Steps of one stage run at the same time; a step is one command or several run in order. */
const stages = [
  [
    {
      name: 'typecheck',
      commands: [
        [bin('react-router'), ['typegen']],
        [bin('tsc'), ['-p', '.']],
      ],
    },
    { name: 'lint', commands: [[bin('eslint'), ['.', '--max-warnings=0']]] },
    { name: 'format', commands: [[bin('prettier'), ['--check', '.', '--log-level', 'warn']]] },
    { name: 'unit tests', commands: [[bin('vitest'), ['run', '--project', 'unit']]] },
    // The integration and end-to-end suites build the app when stale (their global setup); building it here
    // overlaps that minute with the checks above.
    { name: 'build', commands: [[process.execPath, [path.join(ROOT, 'scripts', 'build-if-stale.mjs')]]] },
  ],
  [{ name: 'integration tests', commands: [[bin('vitest'), ['run', '--project', 'integration']]] }],
  // The product as several processes (apps, viewer, workers) needs PostgreSQL and Redis: run with both set
  // (CI runs it in its job suites, with Redis).
  ...(process.env.DATABASE_URL && process.env.REDIS_URL
    ? [[{ name: 'multi-process test', commands: [[bin('vitest'), ['run', '--project', 'cluster']]] }]]
    : []),
  [{ name: 'end-to-end tests', env: e2eEnv, commands: [[bin('vitest'), ['run', '--project', 'e2e']]] }],
];

if (!findChrome()) {
  console.error(
    'Chromium is needed for the end-to-end and PDF tests: install it (apt-get install chromium) or set CHROME_PATH.',
  );
  process.exit(1);
}

/** `base` with `changes` applied: an undefined value removes the variable. */
function withEnv(base, changes = {}) {
  const env = { ...base };
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/** Run one command; its output is printed as it comes when alone, else kept and printed when it ends. */
function run(cmd, args, env, alone) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: withEnv({ ...process.env, FORCE_COLOR: '1' }, env),
    });
    const chunks = [];
    child.stdout?.on('data', (b) => chunks.push(b));
    child.stderr?.on('data', (b) => chunks.push(b));
    child.on('close', (code, signal) =>
      resolve({ ok: code === 0, output: Buffer.concat(chunks).toString(), code, signal }),
    );
  });
}

async function runStep(step, alone) {
  const started = Date.now();
  let result = { ok: true, output: '' };
  for (const [cmd, args] of step.commands) {
    if (alone) console.log(`\n▶ ${step.name}: ${path.basename(cmd)} ${args.join(' ')}`);
    result = await run(cmd, args, step.env, alone);
    if (!result.ok) break;
  }
  const seconds = (Date.now() - started) / 1000;
  if (!alone) {
    console.log(`\n▶ ${step.name} (${seconds.toFixed(0)} s)`);
    if (result.output.trim())
      process.stdout.write(result.output.endsWith('\n') ? result.output : result.output + '\n');
  }
  return { name: step.name, ok: result.ok, seconds, code: result.code };
}

const timings = [];
const stagesStarted = Date.now();
for (const stage of stages) {
  const alone = stage.length === 1;
  if (!alone) console.log(`\n▶ ${stage.map((s) => s.name).join(', ')}: side by side`);
  const results = await Promise.all(stage.map((step) => runStep(step, alone)));
  timings.push(...results);
  const failed = results.filter((r) => !r.ok);
  if (failed.length) {
    printTimings();
    console.error(`\n✖ ${failed.map((f) => f.name).join(', ')} failed`);
    process.exit(failed[0].code || 1);
  }
}
printTimings();
if (!(process.env.DATABASE_URL && process.env.REDIS_URL))
  console.log(
    '\nThe multi-process test needs DATABASE_URL and REDIS_URL: `npm run test:cluster` with both set.',
  );
console.log('\n✔ all tests passed');

function printTimings() {
  console.log('\nnpm test, seconds per step (steps of one stage run side by side):');
  for (const t of timings)
    console.log(`  ${t.name.padEnd(20)} ${t.seconds.toFixed(0).padStart(5)}${t.ok ? '' : '  failed'}`);
  console.log(`  ${'total'.padEnd(20)} ${((Date.now() - stagesStarted) / 1000).toFixed(0).padStart(5)}`);
}
