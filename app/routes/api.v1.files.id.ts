import { deleteFileEndpoint } from '../api/files.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(deleteFileEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
