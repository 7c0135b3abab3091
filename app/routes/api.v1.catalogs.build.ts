import { routeHandlers } from '../../server/runtime/index.ts';
import { buildCatalogEndpoint } from '../api/catalog-manage.server.ts';

const handlers = routeHandlers(buildCatalogEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
