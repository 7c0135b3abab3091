import { json, getRuntime } from '../../server/platform/index.ts';
import { apiDocument } from '../api/index.server.ts';

export const loader = () => json(apiDocument(getRuntime().config.appUrl));
