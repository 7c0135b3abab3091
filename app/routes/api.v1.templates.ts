import { routeHandlers } from '../../server/runtime/index.ts';
import { publicTemplatesEndpoint } from '../api/catalog-manage.server.ts';

const handlers = routeHandlers(publicTemplatesEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
