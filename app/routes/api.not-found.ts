import { ApiError, errorResponse } from '../../server/platform/index.ts';

// Unknown API paths answer a JSON 404 rather than the redirect pages get.
const notFound = () => errorResponse(new ApiError('not_found', 'There is no such API endpoint.'));
export const loader = notFound;
export const action = notFound;
