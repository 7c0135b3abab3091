import { countAccountListingsEndpoint } from '../api/accounts.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(countAccountListingsEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
