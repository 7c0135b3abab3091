import { routeHandlers } from '../../server/runtime/index.ts';
import { verifyCatalogHostEndpoint } from '../api/publishing.server.ts';

const handlers = routeHandlers(verifyCatalogHostEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
