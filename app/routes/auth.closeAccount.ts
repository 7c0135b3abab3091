import { redirect, type ActionFunctionArgs } from 'react-router';
import { closeAccountEndpoint } from '../api/account.server.ts';

// SPEC §2.2: the editor's 'Close account' goes to /auth/closeAccount. Opening it shows the settings screen's
// confirmation (where the password is asked); the POST closes the account.
export const loader = () => redirect('/settings?close=1');
export const action = (args: ActionFunctionArgs) => closeAccountEndpoint.handle(args);
