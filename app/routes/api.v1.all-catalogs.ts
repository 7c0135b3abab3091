import { allCatalogsEndpoint } from '../api/catalogs.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(allCatalogsEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
