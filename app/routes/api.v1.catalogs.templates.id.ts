import { routeHandlers } from '../../server/runtime/index.ts';
import { addTemplateEndpoint, removeTemplateEndpoint } from '../api/catalog-manage.server.ts';

const handlers = routeHandlers(addTemplateEndpoint, removeTemplateEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
