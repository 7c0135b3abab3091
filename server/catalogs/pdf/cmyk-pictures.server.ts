import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { convertJpegToCmyk } from '../../files/index.ts';
import { mapLimit } from '../../platform/index.ts';
import { runTool } from './pdf-tools.server.ts';

type JsonStream = { stream?: { dict?: Record<string, unknown>; datafile?: string } };
type QpdfJson = { qpdf: [{ maxobjectid?: number }, Record<string, JsonStream>] };

export type CmykPicturesReport = {
  /** RGB JPEG pictures now CMYK JPEGs Ghostscript passes through (0: `output` was not written). */
  converted: number;
  /** Pictures left for Ghostscript to convert (not an 8-bit RGB JPEG, or one that would not decode). */
  left: number;
};

/** The RGB colour spaces a picture may be converted from here: DeviceRGB, or an ICC profile of 3 components. */
function isRgb(space: unknown, objects: Record<string, JsonStream>): boolean {
  if (space === '/DeviceRGB') return true;
  if (!Array.isArray(space) || space[0] !== '/ICCBased' || typeof space[1] !== 'string') return false;
  return objects[`obj:${space[1]}`]?.stream?.dict?.['/N'] === 3;
}

/**
 * The print PDF's JPEG pictures converted to the output profile's CMYK before Ghostscript finishes the file
 * (issue 28). Ghostscript converts a picture pixel by pixel through its colour pipeline and then re-encodes it,
 * about 0.27 s of CPU for a 830 px square; libvips does the same conversion in about 0.04 s, several pictures at
 * once, and Ghostscript then passes the CMYK JPEG through untouched. Every stream of the PDF is read with qpdf's
 * JSON (pictures as their JPEG bytes), the RGB JPEGs are converted, and qpdf writes them back as DeviceCMYK
 * (Decode inverted for the Adobe-style JPEG libvips writes). Anything else (PNG pictures, masks, greys) is left to
 * Ghostscript as before; so is a picture that fails to convert.
 */
export async function convertPicturesToCmyk(opts: {
  input: string;
  output: string;
  /** The output intent's ICC profile. */
  profile: string;
  /** JPEG quality (1–100) of the converted pictures. */
  jpegQuality: number;
  /** A folder of its own for the pictures' files. */
  workDir: string;
  signal?: AbortSignal;
}): Promise<CmykPicturesReport> {
  const json = JSON.parse(
    await runTool(
      'qpdf',
      [
        '--json=2',
        '--json-key=qpdf',
        '--json-stream-data=file',
        `--json-stream-prefix=${path.join(opts.workDir, 's')}`,
        opts.input,
      ],
      { signal: opts.signal, okCodes: [0, 3] },
    ),
  ) as QpdfJson;
  const [header, objects] = json.qpdf;
  const pictures = Object.entries(objects).filter(([, o]) => {
    const d = o.stream?.dict;
    return (
      d?.['/Subtype'] === '/Image' &&
      d['/Filter'] === '/DCTDecode' &&
      d['/BitsPerComponent'] === 8 &&
      d['/Decode'] === undefined &&
      d['/ImageMask'] !== true &&
      !!o.stream?.datafile &&
      isRgb(d['/ColorSpace'], objects)
    );
  });
  const total = Object.values(objects).filter((o) => o.stream?.dict?.['/Subtype'] === '/Image').length;
  const updates: Record<string, JsonStream> = {};
  await mapLimit(pictures, os.availableParallelism(), async ([key, o]) => {
    opts.signal?.throwIfAborted();
    const input = o.stream!.datafile!;
    const output = `${input}.cmyk.jpg`;
    try {
      await convertJpegToCmyk({ input, output, profile: opts.profile, quality: opts.jpegQuality });
    } catch {
      return; // Ghostscript converts it, slowly but surely.
    }
    const {
      '/ColorTransform': _transform,
      '/DecodeParms': _parms,
      '/Length': _length,
      ...dict
    } = o.stream!.dict!;
    updates[key] = {
      stream: {
        dict: { ...dict, '/ColorSpace': '/DeviceCMYK', '/Decode': [1, 0, 1, 0, 1, 0, 1, 0] },
        datafile: output,
      },
    };
  });
  const converted = Object.keys(updates).length;
  if (converted) {
    const update = path.join(opts.workDir, 'cmyk-pictures.json');
    await writeFile(
      update,
      JSON.stringify({ qpdf: [{ jsonversion: 2, maxobjectid: header.maxobjectid ?? 0 }, updates] }),
    );
    await runTool('qpdf', [opts.input, `--update-from-json=${update}`, opts.output], {
      signal: opts.signal,
      okCodes: [0, 3],
    });
  }
  return { converted, left: total - converted };
}
