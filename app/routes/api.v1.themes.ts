import { routeHandlers } from '../../server/runtime/index.ts';
import { listThemesEndpoint, saveThemeEndpoint } from '../api/themes.server.ts';

const handlers = routeHandlers(listThemesEndpoint, saveThemeEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
