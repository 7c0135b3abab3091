import { deleteCatalogEndpoint, getCatalogEndpoint, saveCatalogEndpoint } from '../api/catalogs.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(getCatalogEndpoint, saveCatalogEndpoint, deleteCatalogEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
