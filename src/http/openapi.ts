// The public API's OpenAPI 3.1 document (/openapi.json, generated from the route schemas) and its browsable
// reference (/docs). The document describes the API only: page routes hide themselves (src/web/shared/page-scope.ts).
// Every operation states its security: a partner key for /api/v1/*, none for the rest.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { DOCS_CSP, setPageHeaders } from '../web/shared/headers.ts';
import { scanWebhooks } from './schemas/scans.ts';

/** Operation groups in the order /docs lists them: the analysis API first. */
const TAGS = [
  { name: 'analysis', description: 'Analyze Dockerfiles and Compose files, alone or as a project; the CI command-line client.' },
  { name: 'rules', description: 'The rule catalogue: what each finding means and how to fix it.' },
  { name: 'partner', description: 'The Partner Scan API v1: domain scans with an API key, webhooks, usage.' },
  { name: 'operations', description: 'Liveness and readiness probes.' },
];

/** Registers the document and /docs; call before any route so that every route passes the hook below. */
export async function openApi(app: FastifyInstance, version: string): Promise<void> {
  const base = app.deps.config.publicBaseUrl;
  app.addHook('onRoute', (route) => {
    if (!route.schema) return;
    const security = route.url.startsWith('/api/v1/') ? [{ apiKey: [] }] : [];
    route.schema = { ...route.schema, security } as typeof route.schema;
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Confgate API',
        version,
        description: 'Configuration analysis (Dockerfile, Compose), the CI quality gate, and the Partner Scan API v1.',
      },
      servers: [{ url: base }],
      tags: TAGS,
      // What the service sends rather than serves (OpenAPI 3.1): the signed scan events.
      webhooks: scanWebhooks,
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: 'A partner API key (`svc_live_…`), for `/api/v1/*` only. Keep it on servers: never in browser or mobile code.' },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json['$id'] ?? `def-${i}`) },
  });
  await app.register(async (docs) => {
    // Swagger UI's page has no viewport meta element: phones would lay it out 980 px wide and zoom out.
    docs.addHook('onSend', async (_req, reply, payload) => (typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html')
      ? payload.replace('<head>', '<head>\n<meta name="viewport" content="width=device-width, initial-scale=1">')
      : payload));
    await docs.register(swaggerUi, {
      routePrefix: '/docs',
      theme: { title: 'Confgate API reference' },
      // BaseLayout: the operations without Swagger UI's top bar, whose logo is the only inline style it makes, so
      // the page runs under a CSP with no 'unsafe-inline' and no hash to keep in step with Swagger UI's releases.
      uiConfig: { layout: 'BaseLayout', deepLinking: true },
      uiHooks: {
        onRequest: async (_req, reply) => {
          setPageHeaders(reply, base, DOCS_CSP);
        },
      },
    });
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
