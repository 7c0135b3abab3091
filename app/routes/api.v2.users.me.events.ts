import { routeHandlers } from '../../server/platform/index.ts';
import { listEventsEndpoint, recordEventEndpoint } from '../api/orders.server.ts';

const handlers = routeHandlers(listEventsEndpoint, recordEventEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
