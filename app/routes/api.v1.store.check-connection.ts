import { routeHandlers } from '../../server/runtime/index.ts';
import { checkConnectionEndpoint } from '../api/stores.server.ts';

const handlers = routeHandlers(checkConnectionEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
