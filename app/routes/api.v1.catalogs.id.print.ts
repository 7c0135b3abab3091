import { routeHandlers } from '../../server/runtime/index.ts';
import { printCatalogEndpoint } from '../api/exports.server.ts';

const handlers = routeHandlers(printCatalogEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
