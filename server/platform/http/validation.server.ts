import type { z } from 'zod';
import { badRequest } from './errors.server.ts';

type Issue = { path: PropertyKey[]; message: string };
type ZodIssueLike = Issue & { code?: string; errors?: ZodIssueLike[][] };

/**
 * Zod's issues with each failed union replaced by the problems of the option the input was meant for: the only
 * option of the input's type (an object, not an array of them), else the option that came closest (fewest
 * problems), so "Invalid input" becomes "stock: Too big". A tie keeps the union's own issue.
 */
export function issuesOf(issues: readonly ZodIssueLike[]): Issue[] {
  return issues.flatMap((issue): Issue[] => {
    if (issue.code === 'invalid_union' && issue.errors?.length) {
      const typed = issue.errors.filter(
        (o) => !o.some((i) => i.code === 'invalid_type' && i.path.length === 0),
      );
      const sizes = typed.map((o) => o.length);
      const fewest = Math.min(...sizes);
      const closest = typed.filter((o) => o.length === fewest);
      if (closest.length === 1)
        return issuesOf(closest[0]!).map((i) => ({ path: [...issue.path, ...i.path], message: i.message }));
    }
    return [{ path: issue.path, message: issue.message }];
  });
}

/** Human text for zod issues: "field: problem", joined. */
export function describeIssues(error: z.ZodError): string {
  return issuesOf(error.issues as ZodIssueLike[])
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}

export function parseWith<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const r = schema.safeParse(data);
  if (!r.success) throw badRequest(describeIssues(r.error), issuesOf(r.error.issues as ZodIssueLike[]));
  return r.data;
}

/** Query parameters as an object; repeated keys become arrays. */
export function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of url.searchParams) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}
