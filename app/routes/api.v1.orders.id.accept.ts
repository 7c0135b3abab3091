import { routeHandlers } from '../../server/runtime/index.ts';
import { acceptOrderEndpoint } from '../api/orders.server.ts';

const handlers = routeHandlers(acceptOrderEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
