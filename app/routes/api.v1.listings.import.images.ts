import { importListingImagesEndpoint } from '../api/listing-import.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(importListingImagesEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
