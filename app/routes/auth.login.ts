import { redirect, type ActionFunctionArgs } from 'react-router';
import { loginEndpoint } from '../api/auth.server.ts';

// POST /auth/login answers JSON callers and the login page's form alike (see defineEndpoint formPage).
export const loader = () => redirect('/login');
export const action = (args: ActionFunctionArgs) => loginEndpoint.handle(args);
