import { readdir, readFile } from 'node:fs/promises';

/**
 * Resident memory of a process and all its descendants (Chromium's browser, renderer and helper processes), in
 * bytes, read from /proc without blocking; 0 where there is no /proc.
 */
export async function processTreeRss(rootPid: number): Promise<number> {
  const page = 4096;
  const names = await readdir('/proc').catch(() => [] as string[]);
  const stats = await Promise.all(
    names.filter((d) => /^\d+$/.test(d)).map((d) => readFile(`/proc/${d}/stat`, 'utf8').catch(() => '')),
  );
  const rows = stats.filter(Boolean).map((line) => {
    const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
    return { pid: Number(line.split(' ')[0]), ppid: Number(fields[1]), rss: Number(fields[21]) * page };
  });
  const inTree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const r of rows)
      if (inTree.has(r.ppid) && !inTree.has(r.pid)) {
        inTree.add(r.pid);
        grew = true;
      }
  }
  return rows.filter((r) => inTree.has(r.pid)).reduce((sum, r) => sum + r.rss, 0);
}
