import { redirect, type ActionFunctionArgs } from 'react-router';
import { registerEndpoint } from '../api/auth.server.ts';

export const loader = () => redirect('/register');
export const action = (args: ActionFunctionArgs) => registerEndpoint.handle(args);
