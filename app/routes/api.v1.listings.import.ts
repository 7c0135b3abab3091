import { importListingsEndpoint } from '../api/listing-import.server.ts';
import { routeHandlers } from '../../server/runtime/index.ts';

const handlers = routeHandlers(importListingsEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
