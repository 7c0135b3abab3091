import { routeHandlers } from '../../server/runtime/index.ts';
import { colorsEndpoint } from '../api/tools.server.ts';

const handlers = routeHandlers(colorsEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
