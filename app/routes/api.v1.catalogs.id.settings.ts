import { routeHandlers } from '../../server/runtime/index.ts';
import { getViewerSettingsEndpoint, updateViewerSettingsEndpoint } from '../api/publishing.server.ts';

const handlers = routeHandlers(getViewerSettingsEndpoint, updateViewerSettingsEndpoint);
export const loader = handlers.loader;
export const action = handlers.action;
