import { descriptionTemplateEndpoints as e } from '../api/templates.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(e.list, e.create);
export const loader = handlers.loader;
export const action = handlers.action;
