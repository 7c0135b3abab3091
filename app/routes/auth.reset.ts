import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { resetEndpoint } from '../api/auth.server.ts';

// POST /reset/{tokenId} (SPEC §7) is served here: the HTTP server hands every POST to that path to this route.
export const loader = ({ params }: LoaderFunctionArgs) =>
  redirect(`/reset/${encodeURIComponent(params.tokenId ?? '')}`);
export const action = (args: ActionFunctionArgs) => resetEndpoint.handle(args);
