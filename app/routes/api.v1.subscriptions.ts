import { routeHandlers } from '../../server/runtime/index.ts';
import { changeCurrentSubscriptionEndpoint } from '../api/billing.server.ts';
import { mySubscriptionsEndpoint } from '../api/subscriptions.server.ts';

const handlers = routeHandlers(mySubscriptionsEndpoint, changeCurrentSubscriptionEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
