import { deleteCatalogEndpoint, getCatalogEndpoint, saveCatalogEndpoint } from '../api/catalogs.server.ts';
import { routeHandlers } from '../api/define.server.ts';

const handlers = routeHandlers(getCatalogEndpoint, saveCatalogEndpoint, deleteCatalogEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
