import { describe, expect, it } from 'vitest';
import { drawnPictureSize, pictureResolution } from './index.ts';

const box = { width: 192, height: 192 };
const natural = { width: 800, height: 400 };

describe('a picture’s drawn size and resolution (the editor’s flag and the export’s preflight)', () => {
  it('fits a contained picture inside its box and fills the box with a covered one', () => {
    expect(drawnPictureSize({ fit: 'contain', box, natural })).toEqual({ width: 192, height: 96 });
    expect(drawnPictureSize({ fit: 'cover', box, natural })).toEqual({ width: 384, height: 192 });
  });

  it('enlarges by the image editor’s zoom, and draws a sized picture at its width', () => {
    expect(drawnPictureSize({ fit: 'cover', box, natural, zoom: 2 })).toEqual({ width: 768, height: 384 });
    expect(drawnPictureSize({ fit: 'sized', box, natural, sizedWidth: 96 })).toEqual({
      width: 96,
      height: 48,
    });
    expect(drawnPictureSize({ fit: 'contain', box, natural: { width: 0, height: 0 } })).toEqual({
      width: 0,
      height: 0,
    });
  });

  it('says the dpi at that size and whether print finds it too low (300 dpi warning, 150 error)', () => {
    expect(pictureResolution(natural, { width: 192, height: 96 })).toEqual({ dpi: 400, severity: null });
    expect(pictureResolution(natural, { width: 384, height: 192 })).toEqual({
      dpi: 200,
      severity: 'warning',
    });
    expect(pictureResolution(natural, { width: 768, height: 384 })).toEqual({ dpi: 100, severity: 'error' });
  });
});
