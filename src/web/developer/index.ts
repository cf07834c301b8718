// The developer area (/developer/…) and the operator page (/operator): server-rendered HTML, no framework,
// no third-party assets. Its own scope adds cookies, form bodies and the page security headers (a CSP without
// inline code: scripts and styles come from /developer/assets only).
import { readFileSync } from 'node:fs';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../http/errors.ts';
import { accountPages } from './account-pages.ts';
import { operatorPages } from './operator-pages.ts';
import { loadVisitor } from './session.ts';

const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
const FORM_LIMIT = 16 * 1024;

const ASSETS: Record<string, { type: string; body: string }> = {
  'site.css': { type: 'text/css; charset=utf-8', body: readFileSync(new URL('assets/site.css', import.meta.url), 'utf8') },
  'site.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(new URL('assets/site.js', import.meta.url), 'utf8') },
  // Browsers ask for an icon on every page; without one each page load logs a 404.
  'icon.svg': { type: 'image/svg+xml', body: readFileSync(new URL('assets/icon.svg', import.meta.url), 'utf8') },
};

export async function developerArea(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: FORM_LIMIT });
  app.decorateRequest('visitor', null);
  app.addHook('onRequest', loadVisitor);
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Content-Security-Policy', CSP);
    reply.header('X-Frame-Options', 'DENY');
    return payload;
  });

  app.get('/developer/assets/:name', async (req, reply) => {
    const asset = ASSETS[(req.params as { name: string }).name];
    if (!asset) return sendError(reply, 404, 'not_found', 'No such asset.');
    return reply.header('Cache-Control', 'public, max-age=300').type(asset.type).send(asset.body);
  });

  await accountPages(app);
  await operatorPages(app);
}
