// GET /static/confgate.py: the CLI, served with this service's public base URL as its default server, so
// `curl -O {base}/static/confgate.py && python3 confgate.py Dockerfile` needs no configuration.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

const SCRIPT = new URL('../../../clients/python/confgate.py', import.meta.url);
/** The one line the served copy differs in; the script says so beside it. */
const DEFAULT_URL_LINE = /^DEFAULT_URL = .*$/m;

/** The script with `base` as its default server. A JSON string is a valid Python string literal. */
export function servedScript(source: string, base: string): string {
  const lines = source.match(new RegExp(DEFAULT_URL_LINE, 'gm')) ?? [];
  // A script without exactly one such line would be served pointing nowhere: fail at start-up, not in CI jobs.
  if (lines.length !== 1) throw new Error(`clients/python/confgate.py must have exactly one DEFAULT_URL line (found ${lines.length})`);
  return source.replace(DEFAULT_URL_LINE, () => `DEFAULT_URL = ${JSON.stringify(base)}`);
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, '')).some((t) => t === etag || t === '*');
}

export async function staticRoutes(app: FastifyInstance): Promise<void> {
  const body = Buffer.from(servedScript(readFileSync(SCRIPT, 'utf8'), app.deps.config.publicBaseUrl), 'utf8');
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

  app.get('/static/confgate.py', {
    schema: {
      tags: ['analysis'],
      operationId: 'downloadCli',
      summary: 'The command-line quality gate (python3, no dependencies); its default server is this service.',
      response: {
        200: { description: 'The script.', content: { 'text/x-python': { schema: { type: 'string' } } } },
        304: { description: 'Not modified: the `If-None-Match` tag is the current one (`ETag`).', type: 'null' },
      },
    },
  }, async (req, reply) => {
    reply.header('ETag', etag).header('Cache-Control', 'public, max-age=300');
    if (matches(req.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply
      .type('text/x-python; charset=utf-8')
      .header('Content-Disposition', 'inline; filename="confgate.py"')
      .send(body);
  });
}
