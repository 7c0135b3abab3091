import { listPlansEndpoint } from '../api/billing.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(listPlansEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
