import type { z } from 'zod';
import { CatalogMigrationError, upgradeDocument } from '../core/migrations/index.ts';
import { CatalogSchema, ProductElementSchema, type Catalog } from '../core/model/index.ts';
import { CliError } from './errors.ts';
import { readTextFile } from './files.ts';
import {
  JsonSyntaxError,
  lineColumn,
  locateJsonPath,
  parseJson,
  scanJson,
  type JsonPath,
} from './json-locate.ts';

/** `file:line:column: message`, the form editors and CI logs link to the spot. */
export function located(file: string, text: string, offset: number, message: string): string {
  const { line, column } = lineColumn(text, offset);
  return `${file}:${line}:${column}: ${message}`;
}

/**
 * Reads a catalog document the way the app loads one (migrations, then CatalogSchema), and turns every
 * way it can be wrong into one CliError line pointing into the file.
 */
export async function readCatalogFile(file: string): Promise<Catalog> {
  const text = await readTextFile(file);
  let raw: unknown;
  try {
    raw = parseJson(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) {
      throw new CliError(located(file, text, error.offset, `invalid JSON: ${error.message}`));
    }
    throw error;
  }
  const tree = scanJson(text);
  let doc: unknown;
  try {
    doc = upgradeDocument(raw);
  } catch (error) {
    if (error instanceof CatalogMigrationError) {
      const path = error.message.includes('schema version') ? ['schemaVersion'] : [];
      throw new CliError(located(file, text, locateJsonPath(tree, path), error.message));
    }
    throw error;
  }
  const parsed = CatalogSchema.safeParse(doc);
  if (parsed.success) return parsed.data;
  const issue = productIssue(doc, innermostIssue(parsed.error.issues[0]!));
  const where = describePath(issue.path);
  throw new CliError(
    located(file, text, locateJsonPath(tree, issue.path), `${where ? `${where}: ` : ''}${issue.message}`),
  );
}

type Issue = { path: JsonPath; message: string };

/**
 * An element is a product or any other element (a union). When a product element is invalid, zod may
 * report the other branch's complaint ("Unknown element type"); the element says it is a product, so the
 * product schema's own complaint is the one to show.
 */
function productIssue(doc: unknown, issue: Issue): Issue {
  const [pages, p, elements, e] = issue.path;
  if (pages !== 'pages' || elements !== 'elements' || typeof p !== 'number' || typeof e !== 'number') {
    return issue;
  }
  const element = (doc as { pages?: { elements?: unknown[] }[] }).pages?.[p]?.elements?.[e];
  if ((element as { type?: unknown } | undefined)?.type !== 'application/product') return issue;
  const checked = ProductElementSchema.safeParse(element);
  return checked.success ? issue : innermostIssue(checked.error.issues[0]!, issue.path.slice(0, 4));
}

/**
 * The issue to report. A union (an element is a product or something else) fails as a whole with
 * "Invalid input"; what the merchant needs is the reason inside the branch that was meant, i.e. the one that
 * did not reject the element's type.
 */
export function innermostIssue(issue: z.core.$ZodIssue, prefix: JsonPath = []): Issue {
  const path = [...prefix, ...(issue.path as (string | number)[])];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const branches = issue.errors.filter((b) => b.length > 0);
    const meant = branches.find((b) => !b.some((i) => i.path.length === 1 && i.path[0] === 'type'));
    const chosen = meant ?? branches[0];
    if (chosen) return innermostIssue(chosen[0]!, path);
  }
  return { path, message: issue.message };
}

/**
 * A zod path in the merchant's words: ['pages', 1, 'elements', 3, 'properties', 'price'] →
 * "page 2, element 4, properties.price".
 */
export function describePath(path: JsonPath): string {
  const parts: string[] = [];
  let rest: string[] = [];
  const flush = () => {
    if (rest.length) parts.push(rest.join('.').replace(/\.\[/g, '['));
    rest = [];
  };
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    const next = path[i + 1];
    const counted: Record<string, string> = { pages: 'page', elements: 'element', cells: 'cell' };
    if (typeof key === 'string' && counted[key] && typeof next === 'number') {
      flush();
      parts.push(
        `${key === 'cells' && path[i - 1] === 'layout' ? 'layout ' : ''}${counted[key]} ${next + 1}`,
      );
      i++;
      continue;
    }
    if (key === 'layout' && path[i + 1] === 'cells' && typeof path[i + 2] === 'number') continue;
    rest.push(typeof key === 'number' ? `[${key}]` : key);
  }
  flush();
  return parts.join(', ');
}
