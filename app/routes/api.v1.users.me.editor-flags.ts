import { editorFlagsEndpoint } from '../api/users.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(editorFlagsEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
