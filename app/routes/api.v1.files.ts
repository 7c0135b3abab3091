import { listFilesEndpoint, uploadFilesEndpoint } from '../api/files.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(listFilesEndpoint, uploadFilesEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
