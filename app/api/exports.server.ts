import { Readable } from 'node:stream';
import { z } from 'zod';
import { PAGE_FORMAT_NAMES, type PageFormat } from '../../core/constants.ts';
import { PreflightReportSchema } from '../../core/preflight/index.ts';
import {
  deliverPdf,
  getCatalogPdf,
  getJobStatus,
  PDF_OUTPUTS,
  requestCatalogPdf,
  requestCatalogPreflight,
  getPageProof,
  PROOF_VIEWS,
  requestPageProof,
} from '../../server/catalogs/index.ts';
import { json } from '../../server/platform/index.ts';
import { defineEndpoint, type Runtime } from '../../server/runtime/index.ts';

const FormatSchema = z.enum(PAGE_FORMAT_NAMES as [PageFormat, ...PageFormat[]]);
const OutputSchema = z.enum(PDF_OUTPUTS);

export const generateCatalogEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/catalogs/{catalogId}/generate',
    changesState: true,
    summary: 'Start generating the catalog PDF; poll GET /api/v1/jobs?jobId= for its state',
    tags: ['exports'],
    auth: 'user',
    query: z.object({
      format: FormatSchema.optional(),
      quality: z.enum(['print', 'screen']).default('print'),
      /** rgb: the screen PDF (default); pdfx: the print PDF, CMYK PDF/X-4 with the catalog's bleed and marks. */
      output: OutputSchema.default('rgb'),
    }),
    response: z.object({ job_id: z.string() }),
    errors: [404],
  },
  async ({ params, query, user, runtime }) =>
    requestCatalogPdf({
      db: runtime.db,
      jobs: runtime.jobs,
      user,
      catalogId: params.catalogId ?? '',
      format: query.format ?? null,
      quality: query.quality,
      output: query.output,
    }),
);

export const preflightCatalogEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/catalogs/{catalogId}/preflight',
    summary:
      'Check the catalog for print (pictures under 300 or 150 dpi, overflowing text, missing pictures, fonts, ' +
      'text in the bleed, empty cells, products changed in the store); poll GET /api/v1/jobs for the report',
    tags: ['exports'],
    auth: 'user',
    query: z.object({ format: FormatSchema.optional() }),
    response: z.object({ job_id: z.string() }),
    errors: [404],
  },
  async ({ params, query, user, runtime }) =>
    requestCatalogPreflight({
      db: runtime.db,
      jobs: runtime.jobs,
      user,
      catalogId: params.catalogId ?? '',
      format: query.format ?? null,
    }),
);

export const jobStatusEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/jobs',
    summary: "A job's state (pending, complete, failed) and progress",
    tags: ['exports'],
    auth: 'user',
    query: z.object({ jobId: z.string().min(1) }),
    response: z.object({
      job_state: z.enum(['pending', 'complete', 'failed']),
      progress: z.object({ done: z.number(), total: z.number() }),
      url: z.string().optional(),
      message: z.string().optional(),
      updated: z.number().optional(),
      /** A preflight's report, or the preflight of a finished export (issue 28). */
      preflight: PreflightReportSchema.optional(),
      /** A page's soft proof: its pictures as it will print and as the screen shows it (issue 28). */
      proof: z.object({ url: z.string(), rgbUrl: z.string(), profile: z.string() }).optional(),
    }),
    errors: [404],
  },
  async ({ query, user, runtime }) => getJobStatus({ jobs: runtime.jobs, user, jobId: query.jobId }),
);

/**
 * The PDF as a response: an attachment to save, or inline for the browser's viewer to print; a large one from
 * the bucket by a short-lived signed URL when S3_SIGNED_DOWNLOAD_BYTES says so.
 */
async function pdfResponse(
  runtime: Runtime,
  pdf: Awaited<ReturnType<typeof getCatalogPdf>>,
  disposition: 'attachment' | 'inline',
): Promise<Response> {
  const answer = await deliverPdf({
    storage: runtime.storage,
    pdf,
    disposition,
    signedFromBytes: runtime.config.S3_SIGNED_DOWNLOAD_BYTES,
  });
  if (!answer) return json({ error: 'not_found', message: 'The PDF is gone.' }, { status: 404 });
  if ('redirect' in answer)
    return new Response(null, {
      status: 302,
      headers: { Location: answer.redirect, 'Cache-Control': 'private, no-store' },
    });
  return new Response(Readable.toWeb(answer.body) as ReadableStream, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(answer.size),
      'Content-Disposition': answer.contentDisposition,
      'Cache-Control': 'private, no-store',
    },
  });
}

export const downloadCatalogEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/catalogs/{catalogId}/download',
    summary: 'Download the catalog PDF; with url=1, its link as JSON (404 until it exists)',
    tags: ['exports'],
    auth: 'user',
    query: z.object({
      url: z.string().optional(),
      v: z.string().optional(),
      /** pdfx: the print PDF (GET generate?output=pdfx) instead of the screen one. */
      output: OutputSchema.default('rgb'),
    }),
    response: z.object({ url: z.string(), download_url: z.string() }),
    errors: [403, 404],
  },
  async ({ params, query, user, runtime }) => {
    const catalogId = params.catalogId ?? '';
    const pdf = await getCatalogPdf({
      db: runtime.db,
      storage: runtime.storage,
      user,
      catalogId,
      output: query.output,
      secret: runtime.config.appSecret,
    });
    if (query.url !== undefined && query.url !== '0' && query.url !== 'false') {
      return json({
        url: pdf.url,
        download_url: `/api/v1/catalogs/${encodeURIComponent(catalogId)}/download${query.output === 'pdfx' ? '?output=pdfx' : ''}`,
      });
    }
    return pdfResponse(runtime, pdf, 'attachment');
  },
);

export const printCatalogEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/catalogs/{catalogId}/print',
    summary: 'The catalog PDF shown in the browser, to print it (403 on trial, 404 until it exists)',
    tags: ['exports'],
    auth: 'user',
    query: z.object({ output: OutputSchema.default('rgb'), v: z.string().optional() }),
    errors: [403, 404],
  },
  async ({ params, query, user, runtime }) =>
    pdfResponse(
      runtime,
      await getCatalogPdf({
        db: runtime.db,
        storage: runtime.storage,
        user,
        catalogId: params.catalogId ?? '',
        action: 'print',
        output: query.output,
        secret: runtime.config.appSecret,
      }),
      'inline',
    ),
);

const ProofPageQuery = z.object({ page: z.string().min(1).max(200) });

export const requestPageProofEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/catalogs/{catalogId}/proof',
    summary:
      "Start a soft proof of a page: the page converted through the print output profile's CMYK and back; " +
      'poll GET /api/v1/jobs for the pictures',
    tags: ['exports'],
    auth: 'user',
    query: ProofPageQuery,
    response: z.object({ job_id: z.string() }),
    errors: [404],
  },
  async ({ params, query, user, runtime }) =>
    requestPageProof({
      db: runtime.db,
      jobs: runtime.jobs,
      user,
      catalogId: params.catalogId ?? '',
      pageId: query.page,
    }),
);

export const getPageProofEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/catalogs/{catalogId}/proof',
    summary: "A page's last soft proof (PNG): view=proof as it will print, view=rgb as the screen shows it",
    tags: ['exports'],
    auth: 'user',
    query: ProofPageQuery.extend({ view: z.enum(PROOF_VIEWS).default('proof'), v: z.string().optional() }),
    errors: [404],
  },
  async ({ params, query, user, runtime }) => {
    const png = await getPageProof({
      db: runtime.db,
      storage: runtime.storage,
      user,
      catalogId: params.catalogId ?? '',
      pageId: query.page,
      view: query.view,
    });
    return new Response(new Uint8Array(png), {
      headers: {
        'Content-Type': 'image/png',
        'Content-Length': String(png.length),
        'Cache-Control': 'private, no-store',
      },
    });
  },
);
