import { routeHandlers } from '../../server/runtime/index.ts';
import { listOrdersEndpoint } from '../api/orders.server.ts';

const handlers = routeHandlers(listOrdersEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
