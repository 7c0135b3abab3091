import { deleteLayoutEndpoint, specialLayoutEndpoint, updateLayoutEndpoint } from '../api/layouts.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(specialLayoutEndpoint, updateLayoutEndpoint, deleteLayoutEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
