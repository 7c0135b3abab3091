import { redirect } from 'react-router';

// SPEC §2.5: unknown paths go to /.
export const loader = () => redirect('/');
export const action = () => redirect('/');
