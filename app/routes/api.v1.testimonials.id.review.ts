import { routeHandlers } from '../../server/runtime/index.ts';
import { reviewTestimonialEndpoint } from '../api/testimonials.server.ts';

const handlers = routeHandlers(reviewTestimonialEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
