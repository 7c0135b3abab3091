import { routeHandlers } from '../../server/runtime/index.ts';
import { platformsEndpoint } from '../api/stores.server.ts';

const handlers = routeHandlers(platformsEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
