import { describe, expect, it } from 'vitest';
import { colorForValue, colorsForValues } from './color-names.ts';

// SPEC §7 POST /api/v3/tools/colors: option values mapped to swatch colours; unknown values get none.
describe('colorForValue', () => {
  it('knows English names, the trade names, hex and rgb', () => {
    expect(colorForValue('Red')).toBe('#ff0000');
    expect(colorForValue('Navy')).toBe('#000080');
    expect(colorForValue('Heather grey')).toBe('#b6b6b4');
    expect(colorForValue('HEATHER  GRAY')).toBe('#b6b6b4');
    expect(colorForValue('#3a5')).toBe('#33aa55');
    expect(colorForValue('#33AA55')).toBe('#33aa55');
    expect(colorForValue('rgb(10, 20, 30)')).toBe('#0a141e');
    expect(colorForValue('Off-White')).toBe('#f8f8f0');
  });

  it('knows French names, with or without accents, feminine forms included', () => {
    expect(colorForValue('Rouge')).toBe('#ff0000');
    expect(colorForValue('Bleu marine')).toBe('#000080');
    expect(colorForValue('Gris chiné')).toBe('#b6b6b4');
    expect(colorForValue('gris chine')).toBe('#b6b6b4');
    expect(colorForValue('Noire')).toBe('#000000');
    expect(colorForValue('Écru')).toBe('#e6dcc0');
    expect(colorForValue('Doré')).toBe('#d4af37');
  });

  it('lightens and darkens a known colour in both languages', () => {
    expect(colorForValue('Light green')).toBe('#73b973');
    expect(colorForValue('Vert clair')).toBe('#73b973');
    expect(colorForValue('Dark orange')).toBe('#996300');
    expect(colorForValue('Rouge foncé')).toBe('#990000');
  });

  it('gives none to values that name no colour', () => {
    for (const v of ['XL', '42', '100', 'Cotton', 'Light', 'Multicolor', '', 'Navy / White', 'x'.repeat(200)])
      expect(colorForValue(v)).toBeNull();
  });

  it('maps a list, leaving unknown values out', () => {
    expect(colorsForValues(['Red', 'XL', 'Bleu', '#fff'])).toEqual({
      Red: '#ff0000',
      Bleu: '#0000ff',
      '#fff': '#ffffff',
    });
  });
});
