import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The parts of a long export put together with qpdf (Debian's `qpdf` package; `npm start` installs it with
 * Chromium): pages copied in order without re-encoding, then a document outline (bookmarks) added through qpdf's
 * JSON update, so no PDF is ever held whole in this process's memory.
 */

const run = promisify(execFile);
const QPDF = 'qpdf';
/** qpdf's own warnings (exit status 3) leave a usable file. */
const QPDF_WARNINGS = 3;

let available: boolean | null = null;
/** Whether qpdf can be run here; without it, long exports are printed in one piece. */
export function qpdfAvailable(): boolean {
  available ??= spawnSync(QPDF, ['--version'], { stdio: 'ignore' }).status === 0;
  return available;
}

async function qpdf(args: string[], signal?: AbortSignal): Promise<string> {
  try {
    const { stdout } = await run(QPDF, args, { signal, maxBuffer: 256 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    if (e.code === QPDF_WARNINGS) return e.stdout ?? '';
    throw new Error(`qpdf failed: ${(e.stderr ?? String(err)).trim().slice(0, 500)}`, { cause: err });
  }
}

/**
 * The files' pages, in order, as one PDF at `out`, each picture kept once: every part of a long export embeds its
 * own copy of the pictures it shows (a logo, a background, a product on several pages), which qpdf's page copy
 * keeps apart.
 */
export async function mergePdfs(opts: { files: string[]; out: string; signal?: AbortSignal }): Promise<void> {
  const merged = `${opts.out}.pages.pdf`;
  await qpdf(['--empty', '--pages', ...opts.files, '--', merged], opts.signal);
  try {
    await dedupeImages({ file: merged, out: opts.out, signal: opts.signal });
  } finally {
    await rm(merged, { force: true });
  }
}

type JsonObject = { value?: unknown; stream?: { dict?: Record<string, unknown>; datafile?: string } };
const REF = /^\d+ \d+ R$/;

/** `value` with every reference `map` names replaced (a new value only where something changed). */
function replaceRefs(value: unknown, map: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return REF.test(value) ? (map.get(value) ?? value) : value;
  if (Array.isArray(value)) {
    const next = value.map((v) => replaceRefs(v, map));
    return next.some((v, i) => v !== value[i]) ? next : value;
  }
  if (value && typeof value === 'object') {
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      next[k] = replaceRefs(v, map);
      if (next[k] !== v) changed = true;
    }
    return changed ? next : value;
  }
  return value;
}

/**
 * `file` written to `out` with identical image streams (same dictionary, same bytes) kept once: every reference
 * to a copy points at the first, and qpdf leaves the unreferenced copies out. Masks first, then the pictures that
 * name them, so a picture with its mask is recognised too. Answers how many copies went.
 */
export async function dedupeImages(opts: {
  file: string;
  out: string;
  signal?: AbortSignal;
}): Promise<number> {
  const dir = await mkdtemp(`${opts.out}.streams-`);
  try {
    const json = JSON.parse(
      await qpdf(
        [
          '--json=2',
          '--json-key=qpdf',
          '--json-stream-data=file',
          '--decode-level=none',
          `--json-stream-prefix=${path.join(dir, 's')}`,
          opts.file,
        ],
        opts.signal,
      ),
    ) as { qpdf: [{ maxobjectid?: number }, Record<string, JsonObject>] };
    const [header, objects] = json.qpdf;
    const images = Object.entries(objects).filter(
      ([key, o]) => key.startsWith('obj:') && o.stream?.dict?.['/Subtype'] === '/Image' && o.stream.datafile,
    );
    const digests = new Map<string, string>();
    for (const [key, o] of images) {
      opts.signal?.throwIfAborted();
      digests.set(
        key,
        createHash('sha256')
          .update(await readFile(o.stream!.datafile!))
          .digest('hex'),
      );
    }
    // Copy → first of its kind. Rounds until none is found: a mask's copies make its pictures' copies equal.
    const map = new Map<string, string>();
    for (let round = 0; round < 4; round++) {
      const first = new Map<string, string>();
      let found = 0;
      for (const [key, o] of images) {
        const ref = key.slice(4);
        if (map.has(ref)) continue;
        const { '/Length': _length, ...dict } = replaceRefs(o.stream!.dict, map) as Record<string, unknown>;
        const id = `${digests.get(key)}|${JSON.stringify(dict, Object.keys(dict).sort())}`;
        const seen = first.get(id);
        if (seen) {
          map.set(ref, seen);
          found++;
        } else first.set(id, ref);
      }
      if (!found) break;
    }
    if (!map.size) {
      await copyFile(opts.file, opts.out);
      return 0;
    }
    const updates: Record<string, JsonObject> = {};
    for (const [key, o] of Object.entries(objects)) {
      if (!key.startsWith('obj:') && key !== 'trailer') continue;
      if (o.stream?.dict) {
        const dict = replaceRefs(o.stream.dict, map);
        if (dict !== o.stream.dict) updates[key] = { stream: { dict: dict as Record<string, unknown> } };
      } else if ('value' in o) {
        const value = replaceRefs(o.value, map);
        if (value !== o.value) updates[key] = { value };
      }
    }
    const update = path.join(dir, 'dedupe.json');
    await writeFile(
      update,
      JSON.stringify({ qpdf: [{ jsonversion: 2, maxobjectid: header.maxobjectid ?? 0 }, updates] }),
    );
    const tmp = `${opts.out}.tmp`;
    await qpdf([opts.file, `--update-from-json=${update}`, tmp], opts.signal);
    await rename(tmp, opts.out);
    return map.size;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export type OutlineEntry = { title: string; /** 0-based page index */ page: number };

/**
 * `file` with a document outline of `entries` (one level, each opening its page), shown when the document
 * opens (PageMode UseOutlines), written to `out`.
 */
export async function addOutline(opts: {
  file: string;
  out: string;
  entries: OutlineEntry[];
  workDir: string;
  signal?: AbortSignal;
}): Promise<void> {
  const read = async (...keys: string[]) =>
    JSON.parse(await qpdf(['--json=2', ...keys, opts.file], opts.signal)) as {
      pages?: { object: string }[];
      qpdf?: [{ maxobjectid: number }, Record<string, { value: Record<string, unknown> }>];
    };
  const { pages = [] } = await read('--json-key=pages');
  const trailer = await read('--json-key=qpdf', '--json-object=trailer');
  const rootRef = String(trailer.qpdf![1].trailer!.value['/Root']);
  const root = (await read('--json-key=qpdf', `--json-object=${rootRef}`)).qpdf![1][`obj:${rootRef}`]!.value;
  const entries = opts.entries.filter((e) => pages[e.page]);
  if (!entries.length) return copyFile(opts.file, opts.out);
  let next = trailer.qpdf![0].maxobjectid;
  const ref = () => `${++next} 0 R`;
  const outlineRef = ref();
  const refs = entries.map(() => ref());
  const objects: Record<string, { value: unknown }> = {
    [`obj:${rootRef}`]: { value: { ...root, '/Outlines': outlineRef, '/PageMode': '/UseOutlines' } },
    [`obj:${outlineRef}`]: {
      value: { '/Type': '/Outlines', '/First': refs[0], '/Last': refs.at(-1), '/Count': refs.length },
    },
  };
  entries.forEach((e, i) => {
    objects[`obj:${refs[i]}`] = {
      value: {
        // qpdf's JSON: "u:" marks a text string (any language).
        '/Title': `u:${e.title}`,
        '/Parent': outlineRef,
        ...(i > 0 ? { '/Prev': refs[i - 1] } : {}),
        ...(i < refs.length - 1 ? { '/Next': refs[i + 1] } : {}),
        '/Dest': [pages[e.page]!.object, '/Fit'],
      },
    };
  });
  const update = path.join(opts.workDir, 'outline.json');
  await writeFile(
    update,
    JSON.stringify({
      qpdf: [
        { jsonversion: 2, pushedinheritedpageresources: false, calledgetallpages: false, maxobjectid: next },
        objects,
      ],
    }),
  );
  await qpdf([opts.file, `--update-from-json=${update}`, opts.out], opts.signal);
}
