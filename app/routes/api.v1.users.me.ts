import { routeHandlers } from '../../server/runtime/index.ts';
import { meEndpoint } from '../api/users.server.ts';

const handlers = routeHandlers(meEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
