// What every plugin scope of pages shares: the page security headers, and its routes left out of the API's
// OpenAPI document (/openapi.json describes the API; pages, forms and their assets are not part of it).
import type { FastifyInstance } from 'fastify';
import { pageHeaders } from './headers.ts';

/** Call before the scope's routes: the hook sees only routes added after it. */
export function pageScope(app: FastifyInstance): void {
  pageHeaders(app);
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
}
