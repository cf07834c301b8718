// The web assets (/assets/<name>): styles, the copy-button script, the icon, and the browser modules of the
// analyzer (html.js and report.js are the same modules the server renders with). Read once at start-up.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../http/errors.ts';

const TYPES: Record<string, string> = {
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  svg: 'image/svg+xml',
};

const NAMES = ['site.css', 'site.js', 'icon.svg', 'html.js', 'report.js', 'analyzer.js'];

const ASSETS = new Map(NAMES.map((name) => [name, {
  type: TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream',
  body: readFileSync(new URL(`assets/${name}`, import.meta.url), 'utf8'),
}]));

/** Serves the assets under `prefix` (`/assets/`); unknown names get the JSON 404 directly, since the app's
 * not-found handler would answer 405 for a path this route matches. */
export function assetRoutes(app: FastifyInstance, prefix: string): void {
  app.get<{ Params: { name: string } }>(`${prefix}:name`, async (req, reply) => {
    const asset = ASSETS.get(req.params.name);
    if (!asset) return sendError(reply, 404, 'not_found', 'No such asset.');
    return reply.header('Cache-Control', 'public, max-age=300').type(asset.type).send(asset.body);
  });
}
