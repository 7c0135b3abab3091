import { routeHandlers } from '../../server/runtime/index.ts';
import { meEndpoint, updateMeEndpoint } from '../api/users.server.ts';

const handlers = routeHandlers(meEndpoint, updateMeEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
