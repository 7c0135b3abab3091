import { routeHandlers } from '../../server/runtime/index.ts';
import { saveDesignEndpoint, deleteDesignEndpoint } from '../api/catalogs.server.ts';

const handlers = routeHandlers(saveDesignEndpoint, deleteDesignEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
