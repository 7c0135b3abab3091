import { routeHandlers } from '../../server/runtime/index.ts';
import { syncAccountEndpoint } from '../api/stores.server.ts';

const handlers = routeHandlers(syncAccountEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
