import { convertCurrencyEndpoint } from '../api/currency.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(convertCurrencyEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
