import { billingPortalEndpoint } from '../api/stripe.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(billingPortalEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
