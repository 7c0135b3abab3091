import { routeHandlers } from '../../server/runtime/index.ts';
import { copyCatalogEndpoint } from '../api/catalog-manage.server.ts';

const handlers = routeHandlers(copyCatalogEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
