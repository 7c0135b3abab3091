import { routeHandlers } from '../../server/runtime/index.ts';
import { catalogAnalyticsEndpoint } from '../api/publishing.server.ts';

const handlers = routeHandlers(catalogAnalyticsEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
