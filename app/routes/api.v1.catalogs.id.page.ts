import { savePageByIndexEndpoint } from '../api/catalogs.server.ts';
import { routeHandlers } from '../api/define.server.ts';

const handlers = routeHandlers(savePageByIndexEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
