import { redirect, type ActionFunctionArgs } from 'react-router';
import { forgotEndpoint } from '../api/auth.server.ts';

export const loader = () => redirect('/forgot-password');
export const action = (args: ActionFunctionArgs) => forgotEndpoint.handle(args);
