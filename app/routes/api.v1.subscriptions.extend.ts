import { routeHandlers } from '../../server/runtime/index.ts';
import { extendEndpoint } from '../api/subscriptions.server.ts';

const handlers = routeHandlers(extendEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
