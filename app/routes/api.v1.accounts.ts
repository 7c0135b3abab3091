import { createAccountEndpoint, listAccountsEndpoint } from '../api/accounts.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(listAccountsEndpoint, createAccountEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
