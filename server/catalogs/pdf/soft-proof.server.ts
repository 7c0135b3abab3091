import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { softProofPicture } from '../../files/index.ts';
import { outputIntent } from './icc-profile.server.ts';
import { layoutCatalog, type LayoutInput } from './render-pdf.server.ts';

/** How many device pixels a CSS pixel of the page gets in a proof (an A4 page: about 1190 px wide). */
const PROOF_SCALE = 1.5;

/**
 * A soft proof of one page (issue 28): the page laid out as the export lays it out (its pictures prepared at
 * screen resolution), photographed in Chromium, then converted to the print output profile's CMYK and back
 * (softProofPicture), as the PDF/X export converts its colours. Answers both pictures, PNG: the page as the
 * screen shows it and as it will print.
 */
export async function renderPageProof(
  input: Omit<LayoutInput, 'pages' | 'layoutOnly' | 'quality'> & {
    pageIndex: number;
    /** PRINT_ICC_PROFILE; default the bundled FOGRA39 profile. */
    profile?: string | null;
  },
): Promise<{ rgb: Buffer; proof: Buffer; profile: string }> {
  const intent = outputIntent(input.profile);
  const dir = path.join(input.workDir ?? os.tmpdir(), `cb-proof-${randomBytes(6).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  try {
    const rgb = await input.browser.withPage(
      async (page) => {
        await page.setViewport({ width: 1200, height: 1000, deviceScaleFactor: PROOF_SCALE });
        await layoutCatalog(page, { ...input, quality: 'screen' }, dir);
        const handle = (await page.$$('.cb-page'))[input.pageIndex];
        if (!handle) throw new Error(`The catalog has no page ${input.pageIndex + 1}.`);
        return Buffer.from(await handle.screenshot({ type: 'png' }));
      },
      { timeoutMs: input.timeoutMs ?? 2 * 60_000, signal: input.signal },
    );
    const proof = await softProofPicture({ input: rgb, profile: intent.file });
    return { rgb, proof, profile: intent.description };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
