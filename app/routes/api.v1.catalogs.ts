import { createCatalogEndpoint, listCatalogsEndpoint } from '../api/catalogs.server.ts';
import { routeHandlers } from '../api/define.server.ts';

const handlers = routeHandlers(listCatalogsEndpoint, createCatalogEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
