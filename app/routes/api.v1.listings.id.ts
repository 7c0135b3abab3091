import { getListingEndpoint, updateListingEndpoint, deleteListingEndpoint } from '../api/listings.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(getListingEndpoint, updateListingEndpoint, deleteListingEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
