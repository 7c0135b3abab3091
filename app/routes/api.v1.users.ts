import { routeHandlers } from '../../server/runtime/index.ts';
import { listUsersEndpoint } from '../api/users.server.ts';

const handlers = routeHandlers(listUsersEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
