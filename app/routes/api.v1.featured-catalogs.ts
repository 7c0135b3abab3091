import { routeHandlers } from '../../server/runtime/index.ts';
import { featuredCatalogsEndpoint } from '../api/catalog-manage.server.ts';

const handlers = routeHandlers(featuredCatalogsEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
