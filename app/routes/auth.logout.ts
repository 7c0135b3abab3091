import type { LoaderFunctionArgs } from 'react-router';
import { logoutEndpoint } from '../api/auth.server.ts';

export const loader = (args: LoaderFunctionArgs) => logoutEndpoint.handle(args);
