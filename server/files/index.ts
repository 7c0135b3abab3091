export {
  bundledFontFaces,
  bundledFontFile,
  bundledFontFiles,
  EMOJI_FONT_FILE,
  fallbackFontFiles,
  missingFallbackFonts,
} from './fonts.server.ts';
export { createImageCache, writeAtomically } from './images/cache.server.ts';
export type { ImageCache } from './images/cache.server.ts';
export { isBlockedAddress, isLocalHostname } from './images/address.server.ts';
export { FETCHER_USER_AGENT } from './images/fetch.server.ts';
export type { SafeFetchOptions } from './images/fetch.server.ts';
export { estimateJpegQuality } from './images/jpeg-quality.server.ts';
export {
  compressionTarget,
  convertJpegToCmyk,
  jpegQuality,
  softProofPicture,
} from './images/process.server.ts';
export { readSourceImage, storeCompressedImage, storeKeptImage } from './images/store.server.ts';
export type { StoredImage } from './images/store.server.ts';
export {
  asLibraryFile,
  deleteLibraryFile,
  FILE_LIST_LIMITS,
  listFiles,
  PICTURE_MAX_BYTES,
  PICTURE_MESSAGES,
  PICTURES_MAX_REQUEST_BYTES,
  uploadPictures,
} from './library.server.ts';
export type { LibraryFile } from './library.server.ts';
export { createS3Storage } from './s3-storage.server.ts';
export type { S3StorageOptions } from './s3-storage.server.ts';
export { createStorage, isServedKey, requestedRange, serveStoredFile } from './serve.server.ts';
export {
  FONT_MAX_BYTES,
  FONT_MESSAGES,
  fontFamilyName,
  fontStructureOk,
  uploadFonts,
} from './font-library.server.ts';
export { createLocalStorage, keyFromUrl } from './storage.server.ts';
export type { ByteRange, Storage, StoredFile } from './storage.server.ts';
export {
  checkUpload,
  FILE_TYPES,
  fileKey,
  FILES_CSP,
  servedFileHeaders,
  storeUploads,
} from './uploads.server.ts';
export type { CheckedUpload, UploadProblem } from './uploads.server.ts';
