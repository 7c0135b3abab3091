import { routeHandlers } from '../../server/runtime/index.ts';
import { jobStatusEndpoint } from '../api/exports.server.ts';

const handlers = routeHandlers(jobStatusEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
