import { buildOpenApi } from '../api/openapi.server.ts';
import { json } from '../services/http.server.ts';
import { getRuntime } from '../services/runtime.server.ts';

export const loader = () => json(buildOpenApi({ appUrl: getRuntime().config.appUrl, version: '1' }));
