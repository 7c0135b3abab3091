import { buildOpenApi } from '../../server/runtime/index.ts';
// Every API module, loaded once so the endpoint registry (and the OpenAPI document built from it) knows them all.
import './account.server.ts';
import './accounts.server.ts';
import './auth.server.ts';
import './billing.server.ts';
import './catalog-manage.server.ts';
import './catalog-saves.server.ts';
import './catalogs.server.ts';
import './currency.server.ts';
import './exports.server.ts';
import './files.server.ts';
import './layouts.server.ts';
import './listing-import.server.ts';
import './listings.server.ts';
import './orders.server.ts';
import './publishing.server.ts';
import './shopify-billing.server.ts';
import './staff.server.ts';
import './stores.server.ts';
import './stripe.server.ts';
import './subscriptions.server.ts';
import './templates.server.ts';
import './testimonials.server.ts';
import './themes.server.ts';
import './tools.server.ts';
import './users.server.ts';

/** The OpenAPI document of every endpoint (GET /api/v1/openapi.json). */
export const apiDocument = (appUrl: string) => buildOpenApi({ appUrl, version: '1' });
