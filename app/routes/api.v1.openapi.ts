import { json } from '../../server/platform/index.ts';
import { getRuntime } from '../../server/runtime/index.ts';
import { apiDocument } from '../api/index.server.ts';

export const loader = () => json(apiDocument(getRuntime().config.appUrl));
