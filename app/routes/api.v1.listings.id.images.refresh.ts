import { refreshListingImagesEndpoint } from '../api/listings.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(refreshListingImagesEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
