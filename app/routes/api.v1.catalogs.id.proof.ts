import { routeHandlers } from '../../server/runtime/index.ts';
import { getPageProofEndpoint, requestPageProofEndpoint } from '../api/exports.server.ts';

const handlers = routeHandlers(getPageProofEndpoint, requestPageProofEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
