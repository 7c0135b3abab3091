import { routeHandlers } from '../../server/runtime/index.ts';
import { changeEmailEndpoint } from '../api/account.server.ts';

const handlers = routeHandlers(changeEmailEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
