import { routeHandlers } from '../../server/runtime/index.ts';
import { generateCatalogEndpoint } from '../api/exports.server.ts';

const handlers = routeHandlers(generateCatalogEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
