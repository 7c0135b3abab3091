import { routeHandlers } from '../../server/runtime/index.ts';
import { listOwnTestimonialsEndpoint, submitTestimonialEndpoint } from '../api/testimonials.server.ts';

const handlers = routeHandlers(listOwnTestimonialsEndpoint, submitTestimonialEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
