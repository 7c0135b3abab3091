import { routeHandlers } from '../../server/runtime/index.ts';
import { downloadCatalogEndpoint } from '../api/exports.server.ts';

const handlers = routeHandlers(downloadCatalogEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
