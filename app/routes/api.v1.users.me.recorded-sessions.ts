import { recordedSessionsEndpoint } from '../api/staff.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(recordedSessionsEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
