import { routeHandlers } from '../../server/runtime/index.ts';
import { listEventsEndpoint, recordEventEndpoint } from '../api/orders.server.ts';

const handlers = routeHandlers(listEventsEndpoint, recordEventEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
