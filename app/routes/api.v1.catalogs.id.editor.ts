import { getEditorCatalogEndpoint } from '../api/catalogs.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(getEditorCatalogEndpoint);
export const loader = handlers.loader;
