import { routeHandlers } from '../../server/runtime/index.ts';
import { catalogTemplatesEndpoint } from '../api/catalog-manage.server.ts';

const handlers = routeHandlers(catalogTemplatesEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
