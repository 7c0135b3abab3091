import { routeHandlers } from '../../server/runtime/index.ts';
import { synchronizeCatalogEndpoint } from '../api/stores.server.ts';

const handlers = routeHandlers(synchronizeCatalogEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
