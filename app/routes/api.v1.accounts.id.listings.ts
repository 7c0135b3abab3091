import { accountListingsEndpoint } from '../api/accounts.server.ts';
import { routeHandlers } from '../api/define.server.ts';

const handlers = routeHandlers(accountListingsEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
