import { routeHandlers } from '../../server/platform/index.ts';
import { mySubscriptionsEndpoint } from '../api/subscriptions.server.ts';

const handlers = routeHandlers(mySubscriptionsEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
