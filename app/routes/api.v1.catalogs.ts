import { createCatalogEndpoint, listCatalogsEndpoint } from '../api/catalogs.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(listCatalogsEndpoint, createCatalogEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
