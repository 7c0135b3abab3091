import { unregisteredUsersEndpoint } from '../api/staff.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(unregisteredUsersEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
