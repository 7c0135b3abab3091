/**
 * POST api/v1/listings takes up to 20,000 listings at once (an import). As the wizard sends them, with every
 * field, a description and a few variations, that is about 3 KB a listing: 64 MB holds the largest import and
 * keeps one request from holding more than that in memory before its items are even counted.
 */
export const LISTINGS_BODY_MAX_BYTES = 64 * 1024 * 1024;
export const LISTINGS_BODY_TOO_LARGE = `The listings sent are larger than ${LISTINGS_BODY_MAX_BYTES / 1024 / 1024} MB. Import them in several files.`;
