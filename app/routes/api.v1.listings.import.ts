import { importListingsEndpoint } from '../api/listing-import.server.ts';
import { routeHandlers } from '../api/define.server.ts';

const handlers = routeHandlers(importListingsEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
