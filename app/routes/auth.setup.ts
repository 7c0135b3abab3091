import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { adminSetupEndpoint } from '../api/auth.server.ts';

// POST /auth/setup/{token}: the first-admin form's endpoint; a GET goes to the form.
export const loader = ({ params }: LoaderFunctionArgs) =>
  redirect(`/setup/${encodeURIComponent(params.token ?? '')}`);
export const action = (args: ActionFunctionArgs) => adminSetupEndpoint.handle(args);
