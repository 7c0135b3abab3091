import { routeHandlers } from '../../server/runtime/index.ts';
import { changePasswordEndpoint } from '../api/account.server.ts';

const handlers = routeHandlers(changePasswordEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
