import { routeHandlers } from '../../server/runtime/index.ts';
import { allTestimonialsEndpoint } from '../api/testimonials.server.ts';

const handlers = routeHandlers(allTestimonialsEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
