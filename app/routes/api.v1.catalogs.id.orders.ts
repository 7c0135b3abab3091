import { routeHandlers } from '../../server/runtime/index.ts';
import { placeOrderEndpoint } from '../api/orders.server.ts';

const handlers = routeHandlers(placeOrderEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
