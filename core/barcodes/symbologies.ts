/**
 * Barcode data rules: which characters each symbology accepts, GS1 check digits (computed when missing,
 * validated when present) and the human-readable text printed under the bars. Pure and synchronous, so the
 * editor can validate a product's barcode as the merchant types it.
 */

export const SYMBOLOGIES = ['code39', 'ean8', 'ean13', 'upca', 'upce', 'itf14', 'code128'] as const;
export type Symbology = (typeof SYMBOLOGIES)[number];

/** Symbologies whose last digit is a GS1 mod-10 check digit. */
export const GS1_SYMBOLOGIES = ['ean8', 'ean13', 'upca', 'upce', 'itf14'] as const;
export type Gs1Symbology = (typeof GS1_SYMBOLOGIES)[number];

export const SYMBOLOGY_LABELS: Record<Symbology, string> = {
  code39: 'Code 39',
  ean8: 'EAN-8',
  ean13: 'EAN-13',
  upca: 'UPC-A',
  upce: 'UPC-E',
  itf14: 'ITF-14',
  code128: 'Code 128',
};

export type BarcodeValidation =
  | {
      valid: true;
      /** The data to encode, with its check digit when the symbology has one. */
      normalized: string;
      /** The human-readable text printed under the bars. */
      text: string;
    }
  | { valid: false; reason: string };

/** Digits of the payload and of the full code (payload + check digit) per GS1 symbology. */
const GS1_LENGTHS: Record<Exclude<Gs1Symbology, 'upce'>, number> = {
  ean8: 8,
  ean13: 13,
  upca: 12,
  itf14: 14,
};

const CODE39_CHARS = /^[0-9A-Z\-. $/+%]+$/;

/** GS1 mod-10: from the right, payload digits are weighted 3, 1, 3, ... */
function gs1Mod10(payload: string): string {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    const digit = payload.charCodeAt(payload.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/**
 * The UPC-A number a UPC-E code stands for (zero suppression), from the number system digit and the six
 * UPC-E digits. The check digit of a UPC-E code is the check digit of this UPC-A payload.
 */
export function expandUpce(numberSystem: string, six: string): string {
  const [d1, d2, d3, d4, d5, d6] = six;
  let body: string;
  switch (d6) {
    case '0':
    case '1':
    case '2':
      body = `${d1}${d2}${d6}0000${d3}${d4}${d5}`;
      break;
    case '3':
      body = `${d1}${d2}${d3}00000${d4}${d5}`;
      break;
    case '4':
      body = `${d1}${d2}${d3}${d4}00000${d5}`;
      break;
    default:
      body = `${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  }
  return `${numberSystem}${body}`;
}

/**
 * The check digit for a GS1 payload (the code without its last digit): 12 digits for EAN-13, 7 for EAN-8,
 * 11 for UPC-A, 13 for ITF-14, and for UPC-E 6 digits (number system 0) or 7 (number system first).
 * Throws on a payload of the wrong shape: callers that handle merchant data use validateBarcode.
 */
export function computeCheckDigit(payload: string, symbology: Gs1Symbology): string {
  if (!/^\d+$/.test(payload))
    throw new Error(`Check digit payload must be digits: ${JSON.stringify(payload)}`);
  if (symbology === 'upce') {
    if (payload.length !== 6 && payload.length !== 7) throw new Error('UPC-E payload must be 6 or 7 digits');
    const ns = payload.length === 7 ? payload[0] : '0';
    return gs1Mod10(expandUpce(ns, payload.slice(-6)));
  }
  const expected = GS1_LENGTHS[symbology] - 1;
  if (payload.length !== expected)
    throw new Error(`${SYMBOLOGY_LABELS[symbology]} payload must be ${expected} digits`);
  return gs1Mod10(payload);
}

function validateGs1(raw: string, symbology: Gs1Symbology): BarcodeValidation {
  const label = SYMBOLOGY_LABELS[symbology];
  // Printed numbers are often grouped ("5 901234 123457"); spaces and hyphens carry no data.
  const digits = raw.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return { valid: false, reason: `${label} must contain only digits` };
  if (symbology === 'upce') {
    let full: string;
    if (digits.length === 6) full = `0${digits}${computeCheckDigit(digits, 'upce')}`;
    else if (digits.length === 7) full = `${digits}${computeCheckDigit(digits, 'upce')}`;
    else if (digits.length === 8) full = digits;
    else return { valid: false, reason: `${label} must be 6, 7 or 8 digits` };
    if (full[0] !== '0' && full[0] !== '1')
      return { valid: false, reason: `${label} number system must be 0 or 1` };
    const check = computeCheckDigit(full.slice(0, 7), 'upce');
    if (full[7] !== check) return { valid: false, reason: `${label} check digit should be ${check}` };
    return { valid: true, normalized: full, text: full };
  }
  const length = GS1_LENGTHS[symbology];
  if (digits.length === length - 1) {
    const full = digits + computeCheckDigit(digits, symbology);
    return { valid: true, normalized: full, text: full };
  }
  if (digits.length !== length) {
    return { valid: false, reason: `${label} must be ${length - 1} or ${length} digits` };
  }
  const check = computeCheckDigit(digits.slice(0, -1), symbology);
  if (digits[length - 1] !== check)
    return { valid: false, reason: `${label} check digit should be ${check}` };
  return { valid: true, normalized: digits, text: digits };
}

/**
 * Whether `data` can be drawn as `symbology`, and what exactly is encoded. Never throws.
 * - EAN/UPC/ITF-14: digits (spaces and hyphens ignored); the check digit is computed when missing and
 *   must be right when present. UPC-E takes 6 digits (number system 0), 7 (number system first) or 8.
 * - Code 39: digits, capital letters, space and - . $ / + %; lower-case letters are upper-cased.
 * - Code 128: any Latin-1 text (control characters included, not printed in the text line).
 */
export function validateBarcode(data: string, symbology: Symbology): BarcodeValidation {
  const raw = typeof data === 'string' ? data : String(data ?? '');
  const label = SYMBOLOGY_LABELS[symbology] ?? String(symbology);
  switch (symbology) {
    case 'ean8':
    case 'ean13':
    case 'upca':
    case 'upce':
    case 'itf14':
      return validateGs1(raw.trim(), symbology);
    case 'code39': {
      const upper = raw.trim().toUpperCase();
      if (!upper) return { valid: false, reason: `${label} needs data` };
      if (!CODE39_CHARS.test(upper)) {
        return { valid: false, reason: `${label} accepts only digits, letters, space and - . $ / + %` };
      }
      return { valid: true, normalized: upper, text: upper };
    }
    case 'code128': {
      if (!raw) return { valid: false, reason: `${label} needs data` };
      for (const ch of raw) {
        if (ch.codePointAt(0)! > 0xff) return { valid: false, reason: `${label} cannot encode "${ch}"` };
      }
      // eslint-disable-next-line no-control-regex
      return { valid: true, normalized: raw, text: raw.replace(/[\u0000-\u001f\u007f-\u009f]/g, '') };
    }
    default:
      return { valid: false, reason: `Unknown barcode type ${label}` };
  }
}

/** Nominal module widths (mm) for print: GS1 100% magnification for retail codes, 0.5 mm for QR codes. */
export const NOMINAL_MODULE_MM = { linear: 0.33, qr: 0.5 } as const;
