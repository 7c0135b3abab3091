import { shopifySubscribeEndpoint } from '../api/shopify-billing.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(shopifySubscribeEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
