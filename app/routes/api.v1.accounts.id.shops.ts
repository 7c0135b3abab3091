import { accountShopsEndpoint } from '../api/accounts.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(accountShopsEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
