import { deleteAccountEndpoint, getAccountEndpoint, updateAccountEndpoint } from '../api/accounts.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(getAccountEndpoint, updateAccountEndpoint, deleteAccountEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
