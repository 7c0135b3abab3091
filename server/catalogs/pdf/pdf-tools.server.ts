import { spawn } from 'node:child_process';

/**
 * Ghostscript and qpdf finish PDFs after Chromium (DESIGN §14). Both are Debian packages `npm start` installs
 * when missing (scripts/start.mjs); a machine without them still makes screen (RGB) PDFs.
 */
export const PRINT_TOOLS = {
  gs: { command: 'gs', debianPackage: 'ghostscript' },
  qpdf: { command: 'qpdf', debianPackage: 'qpdf' },
} as const;

export class PrintToolError extends Error {}

/** Run a tool to the end: its stdout, or an error naming the tool and what it said. */
export async function runTool(
  tool: keyof typeof PRINT_TOOLS,
  args: string[],
  opts: { signal?: AbortSignal; timeoutMs?: number; okCodes?: number[] } = {},
): Promise<string> {
  const { command, debianPackage } = PRINT_TOOLS[tool];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: opts.signal,
      timeout: opts.timeoutMs ?? 10 * 60_000,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') {
        reject(
          new PrintToolError(
            `Print output needs ${command} (Debian package ${debianPackage}): install it, or run npm start as root once.`,
          ),
        );
      } else reject(e);
    });
    child.on('close', (code, signal) => {
      const stdout = Buffer.concat(out).toString('utf8');
      if (code !== null && (opts.okCodes ?? [0]).includes(code)) return resolve(stdout);
      if (opts.signal?.aborted) return reject(opts.signal.reason);
      const said = `${Buffer.concat(err).toString('utf8')}${stdout}`.trim().slice(0, 1_000);
      reject(new PrintToolError(`${command} failed (${signal ?? `exit ${code}`}): ${said}`));
    });
  });
}

export type PdfPageBox = { object: string; mediaBox: [number, number, number, number] };

/** The page objects of a PDF and their MediaBox, read with qpdf's JSON (qpdf 11). */
export async function readPageBoxes(file: string, signal?: AbortSignal): Promise<PdfPageBox[]> {
  // qpdf exits 3 when it repaired something on the way: the file is still readable.
  const pages = JSON.parse(
    await runTool('qpdf', ['--json=2', '--json-key=pages', file], { signal, okCodes: [0, 3] }),
  ) as { pages: { object: string }[] };
  const ids = pages.pages.map((p) => p.object);
  const objects = await readObjects(file, ids, signal);
  return ids.map((id) => {
    const value = objects[id] as Record<string, unknown> | undefined;
    const box = value?.['/MediaBox'];
    if (!Array.isArray(box) || box.length !== 4 || !box.every((n) => typeof n === 'number'))
      throw new PrintToolError(`page ${id} has no MediaBox of its own`);
    return { object: id, mediaBox: box as PdfPageBox['mediaBox'] };
  });
}

/** Objects of a PDF by id ("3 0 R"): their values as qpdf's JSON (version 2) writes them. */
export async function readObjects(
  file: string,
  ids: string[],
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  if (!ids.length) return {};
  const args = ['--json=2', '--json-key=qpdf', ...ids.map((id) => `--json-object=${id}`), file];
  const json = JSON.parse(await runTool('qpdf', args, { signal, okCodes: [0, 3] })) as {
    qpdf: [unknown, Record<string, { value?: unknown; stream?: { dict: unknown } }>];
  };
  const out: Record<string, unknown> = {};
  for (const [key, obj] of Object.entries(json.qpdf[1] ?? {})) {
    const id = key.replace(/^obj:/, '');
    out[id] = obj.value ?? obj.stream?.dict;
  }
  return out;
}
