import type { LoaderFunctionArgs } from 'react-router';
import { loggedInEndpoint } from '../api/auth.server.ts';

export const loader = (args: LoaderFunctionArgs) => loggedInEndpoint.handle(args);
