import { routeHandlers } from '../../server/runtime/index.ts';
import { preflightCatalogEndpoint } from '../api/exports.server.ts';

const handlers = routeHandlers(preflightCatalogEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
