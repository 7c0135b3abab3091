import { execFile, spawnSync } from 'node:child_process';
import { copyFile, writeFile } from 'node:fs/promises';
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

/** The files' pages, in order, as one PDF at `out`. */
export async function mergePdfs(opts: { files: string[]; out: string; signal?: AbortSignal }): Promise<void> {
  await qpdf(['--empty', '--pages', ...opts.files, '--', opts.out], opts.signal);
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
