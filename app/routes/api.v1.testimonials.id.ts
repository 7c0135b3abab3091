import { routeHandlers } from '../../server/runtime/index.ts';
import { withdrawTestimonialEndpoint } from '../api/testimonials.server.ts';

const handlers = routeHandlers(withdrawTestimonialEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
