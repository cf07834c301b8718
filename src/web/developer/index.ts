// The developer area (/developer/…) and the operator page (/operator): server-rendered HTML, no framework,
// no third-party assets. Its own scope adds cookies, form bodies and the page security headers (a CSP without
// inline code: scripts and styles come from /assets only).
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { pageScope } from '../shared/page-scope.ts';
import { accountPages } from './account-pages.ts';
import { operatorPages } from './operator-pages.ts';
import { loadVisitor } from './session.ts';

const FORM_LIMIT = 16 * 1024;

export async function developerArea(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  await app.register(formbody);
  // One limit for every body these routes take, forms and JSON alike; as a route limit (not the form parser's)
  // it is also the limit the 413 answer states.
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= FORM_LIMIT;
  });
  app.decorateRequest('visitor', null);
  app.addHook('onRequest', loadVisitor);
  pageScope(app);

  await accountPages(app);
  await operatorPages(app);
}
