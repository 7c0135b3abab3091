import { routeHandlers } from '../../server/runtime/index.ts';
import { setSlugEndpoint } from '../api/publishing.server.ts';

const handlers = routeHandlers(setSlugEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
