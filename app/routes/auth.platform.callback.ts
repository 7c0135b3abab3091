import { routeHandlers } from '../../server/runtime/index.ts';
import { oauthCallbackEndpoint } from '../api/stores.server.ts';

const handlers = routeHandlers(oauthCallbackEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
