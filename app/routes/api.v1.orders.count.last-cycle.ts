import { routeHandlers } from '../../server/runtime/index.ts';
import { ordersLastCycleEndpoint } from '../api/orders.server.ts';

const handlers = routeHandlers(ordersLastCycleEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
