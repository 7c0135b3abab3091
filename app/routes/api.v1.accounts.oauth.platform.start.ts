import { routeHandlers } from '../../server/runtime/index.ts';
import { oauthStartEndpoint } from '../api/stores.server.ts';

const handlers = routeHandlers(oauthStartEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
