import { createLayoutEndpoint, listLayoutsEndpoint } from '../api/layouts.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(listLayoutsEndpoint, createLayoutEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
