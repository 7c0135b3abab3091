import { routeHandlers } from '../../server/runtime/index.ts';
import { setOrderStatusEndpoint } from '../api/orders.server.ts';

const handlers = routeHandlers(setOrderStatusEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
