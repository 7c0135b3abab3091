import { getCatalogChangesEndpoint, saveCatalogChangesEndpoint } from '../api/catalog-saves.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(getCatalogChangesEndpoint, saveCatalogChangesEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
