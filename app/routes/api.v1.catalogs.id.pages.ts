import { getPageEndpoint, savePageEndpoint } from '../api/catalogs.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(getPageEndpoint, savePageEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
