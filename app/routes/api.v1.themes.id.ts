import { routeHandlers } from '../../server/runtime/index.ts';
import { deleteThemeEndpoint } from '../api/themes.server.ts';

const handlers = routeHandlers(deleteThemeEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
