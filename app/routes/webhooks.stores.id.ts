import { routeHandlers } from '../../server/runtime/index.ts';
import { storeWebhookEndpoint } from '../api/stores.server.ts';

const handlers = routeHandlers(storeWebhookEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
