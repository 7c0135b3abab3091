export {
  SYMBOLOGIES,
  GS1_SYMBOLOGIES,
  SYMBOLOGY_LABELS,
  computeCheckDigit,
  expandUpce,
  validateBarcode,
  type BarcodeValidation,
  type Gs1Symbology,
  type Symbology,
} from './symbologies.ts';
export {
  NOMINAL_MODULE_MM,
  barcodeSvg,
  invalidBarcodeSvg,
  qrCodeSvg,
  type BarcodeSvgOptions,
  type QrCodeOptions,
} from './svg.ts';
