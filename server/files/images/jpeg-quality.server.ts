import { open } from 'node:fs/promises';

/** The IJG (libjpeg) luminance quantization table at quality 50, in the zigzag order tables are stored in. */
const STANDARD_LUMINANCE = [
  16, 11, 12, 14, 12, 10, 16, 14, 13, 14, 18, 17, 16, 19, 24, 40, 26, 24, 22, 22, 24, 49, 35, 37, 29, 40, 58,
  51, 61, 60, 57, 51, 56, 55, 64, 72, 92, 78, 64, 68, 87, 69, 55, 56, 80, 109, 81, 87, 95, 98, 103, 104, 103,
  62, 77, 113, 121, 112, 100, 120, 92, 101, 103, 99,
];

/** libjpeg's table for a quality setting (jpeg_quality_scaling, baseline limits). */
function scaledTable(quality: number): number[] {
  const scale = quality < 50 ? Math.floor(5000 / quality) : 200 - quality * 2;
  return STANDARD_LUMINANCE.map((v) => Math.min(255, Math.max(1, Math.floor((v * scale + 50) / 100))));
}
const TABLES = Array.from({ length: 100 }, (_, i) => scaledTable(i + 1));

/** The luminance (id 0) quantization table of a JPEG, from its DQT segments before the image data. */
function luminanceTable(jpeg: Buffer): number[] | null {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= jpeg.length) {
    if (jpeg[at] !== 0xff) return null;
    const marker = jpeg[at + 1]!;
    const length = jpeg.readUInt16BE(at + 2);
    if (marker === 0xda || marker === 0xd9) return null; // image data: no table came first
    if (marker === 0xdb) {
      let t = at + 4;
      while (t < at + 2 + length) {
        const precision = jpeg[t]! >> 4;
        const id = jpeg[t]! & 15;
        const size = precision ? 128 : 64;
        if (t + 1 + size > jpeg.length) return null;
        if (id === 0) {
          return Array.from({ length: 64 }, (_, k) =>
            precision ? jpeg.readUInt16BE(t + 1 + 2 * k) : jpeg[t + 1 + k]!,
          );
        }
        t += 1 + size;
      }
    }
    at += 2 + length;
  }
  return null;
}

/**
 * The quality setting (1-100) a JPEG was saved at by libjpeg and the encoders that share its tables (sharp,
 * Photoshop's "save for web" is close): the standard table nearest to the file's. Null when the file is not a
 * JPEG or its table is not close to any standard one (its quality is then unknown).
 */
export function estimateJpegQuality(jpeg: Buffer): number | null {
  const table = luminanceTable(jpeg);
  if (!table) return null;
  let best = 0;
  let bestDistance = Infinity;
  TABLES.forEach((t, i) => {
    let d = 0;
    for (let k = 0; k < 64; k++) d += Math.abs(t[k]! - table[k]!);
    if (d < bestDistance) {
      bestDistance = d;
      best = i + 1;
    }
  });
  // Far from every standard table (on average more than 3 steps an entry): a custom table.
  return bestDistance <= 64 * 3 ? best : null;
}

/** The same for a file, reading only its head (the tables come before the image data). */
export async function estimateJpegFileQuality(file: string): Promise<number | null> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return estimateJpegQuality(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
