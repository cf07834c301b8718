// Security headers of every HTML page and web asset. The CSP allows nothing inline and nothing from other
// origins: scripts, styles, images and fetches come from this service only. `default-src 'none'` (stricter than
// 'self') makes every other kind of load opt-in; object-src and base-uri are spelled out because scanners (ours
// included: src/scan/checks/csp.ts) and older browsers do not all apply the default-src fallback to them.
import type { FastifyInstance, FastifyReply } from 'fastify';

const DIRECTIVES = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
];

export const PAGE_CSP = DIRECTIVES.join('; ');

/** The API reference (/docs, Swagger UI): the same, except that its style sheet draws its icons as data: images. */
export const DOCS_CSP = DIRECTIVES.map((d) => (d.startsWith('img-src') ? "img-src 'self' data:" : d)).join('; ');

const PERMISSIONS = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';
const TWO_YEARS = 63_072_000;

/** The page headers; Referrer-Policy (no-referrer) and X-Content-Type-Options come from the app for every response. */
export function setPageHeaders(reply: FastifyReply, publicBaseUrl: string, csp = PAGE_CSP): void {
  reply.header('Content-Security-Policy', csp);
  reply.header('X-Frame-Options', 'DENY');
  reply.header('Permissions-Policy', PERMISSIONS);
  reply.header('Cross-Origin-Opener-Policy', 'same-origin');
  reply.header('Cross-Origin-Resource-Policy', 'same-origin');
  // Only a service that is public over https may pin browsers to https (a plain-http deployment would lock out).
  if (publicBaseUrl.startsWith('https:')) reply.header('Strict-Transport-Security', `max-age=${TWO_YEARS}; includeSubDomains`);
}

/** Adds the page headers to every response of the plugin scope it is called in. */
export function pageHeaders(app: FastifyInstance): void {
  const base = app.deps.config.publicBaseUrl;
  app.addHook('onSend', async (_req, reply, payload) => {
    setPageHeaders(reply, base);
    return payload;
  });
}
