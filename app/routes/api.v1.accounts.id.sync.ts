import { routeHandlers } from '../api/define.server.ts';
import { syncAccountEndpoint } from '../api/stores.server.ts';

const handlers = routeHandlers(syncAccountEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
