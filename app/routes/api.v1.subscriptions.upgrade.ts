import { routeHandlers } from '../../server/runtime/index.ts';
import { upgradeEndpoint } from '../api/subscriptions.server.ts';

const handlers = routeHandlers(upgradeEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
