export {
  bundledFontFaces,
  bundledFontFiles,
  EMOJI_FONT_FILE,
  fallbackFontFiles,
  missingFallbackFonts,
} from './fonts.server.ts';
export { createImageCache, writeAtomically } from './images/cache.server.ts';
export type { ImageCache } from './images/cache.server.ts';
export { FETCHER_USER_AGENT } from './images/fetch.server.ts';
export type { SafeFetchOptions } from './images/fetch.server.ts';
export { estimateJpegQuality } from './images/jpeg-quality.server.ts';
export { compressionTarget, jpegQuality } from './images/process.server.ts';
export { readSourceImage, storeCompressedImage, storeKeptImage } from './images/store.server.ts';
export type { StoredImage } from './images/store.server.ts';
export {
  deletePicture,
  FILE_LIST_LIMITS,
  listFiles,
  PICTURE_MAX_BYTES,
  PICTURE_MESSAGES,
  PICTURES_MAX_REQUEST_BYTES,
  uploadPictures,
} from './library.server.ts';
export type { LibraryFile } from './library.server.ts';
export { createLocalStorage, keyFromUrl } from './storage.server.ts';
export type { Storage } from './storage.server.ts';
export {
  checkUpload,
  FILE_TYPES,
  fileKey,
  FILES_CSP,
  servedFileHeaders,
  storeUploads,
} from './uploads.server.ts';
export type { CheckedUpload, UploadProblem } from './uploads.server.ts';
