import { routeHandlers } from '../../server/runtime/index.ts';
import { checkSlugEndpoint } from '../api/publishing.server.ts';

const handlers = routeHandlers(checkSlugEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
