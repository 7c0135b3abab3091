import { routeHandlers } from '../../server/runtime/index.ts';
import { ecwidAppWebhookEndpoint } from '../api/stores.server.ts';

const handlers = routeHandlers(ecwidAppWebhookEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
