import { downloadUsersEndpoint } from '../api/staff.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(downloadUsersEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
