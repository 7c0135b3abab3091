import { accountCollectsEndpoint } from '../api/accounts.server.ts';
import { routeHandlers } from '../api/define.server.ts';

const handlers = routeHandlers(accountCollectsEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
