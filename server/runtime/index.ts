export { createRuntime, getRuntime, setRuntime } from './runtime.server.ts';
export type { Runtime } from './runtime.server.ts';
export { clientIp, defineEndpoint, REGISTRY, routeHandlers } from './endpoint.server.ts';
export type { Endpoint, HandlerContext } from './endpoint.server.ts';
export { buildOpenApi } from './openapi.server.ts';
export { placeOrderEndpoint } from './order-endpoint.server.ts';
