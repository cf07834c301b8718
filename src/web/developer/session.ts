// The visitor of the developer area: session cookie → account, the CSRF token of their forms, and the guards
// pages use. Cookies are HttpOnly, SameSite, and Secure when the service is public over https.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { csrfToken, validCsrf } from '../../auth/csrf.ts';
import type { Account } from '../../storage/accounts.ts';
import { field } from '../shared/form.ts';
import { SESSION_TTL_MS, sessionAccount } from '../../storage/sessions.ts';

export const SESSION_COOKIE = 'cg_session';
/** Pre-session CSRF binding for the sign-in and sign-up forms. */
export const VISITOR_COOKIE = 'cg_visitor';

export interface Visitor {
  account: Account | null;
  /** What this visitor's CSRF tokens are bound to: the session token, else the visitor cookie. */
  binding: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    visitor: Visitor | null;
  }
}

export function cookieOptions(app: FastifyInstance, maxAgeMs: number) {
  return {
    path: '/',
    httpOnly: true,
    secure: app.deps.config.publicBaseUrl.startsWith('https:'),
    sameSite: 'lax' as const,
    maxAge: Math.floor(maxAgeMs / 1000),
  };
}

/** onRequest hook: resolves the session (expired sessions and suspended accounts resolve to nobody) and makes
 * sure an anonymous visitor has a CSRF binding cookie. */
export async function loadVisitor(this: FastifyInstance, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { db, clock } = this.deps;
  const token = req.cookies[SESSION_COOKIE];
  const account = token ? ((await sessionAccount(db, token, clock())) ?? null) : null;
  if (account && token) {
    req.visitor = { account, binding: token };
    return;
  }
  let binding = req.cookies[VISITOR_COOKIE];
  if (!binding || !/^[A-Za-z0-9_-]{43}$/.test(binding)) {
    binding = randomBytes(32).toString('base64url');
    reply.setCookie(VISITOR_COOKIE, binding, { ...cookieOptions(this, SESSION_TTL_MS), sameSite: 'strict' });
  }
  req.visitor = { account: null, binding };
}

export function visitorOf(req: FastifyRequest): Visitor {
  return req.visitor ?? { account: null, binding: '' };
}

export function csrfFor(app: FastifyInstance, req: FastifyRequest): string {
  return csrfToken(app.serverKeys.csrf, visitorOf(req).binding);
}

export function csrfOk(app: FastifyInstance, req: FastifyRequest): boolean {
  return validCsrf(app.serverKeys.csrf, visitorOf(req).binding, field(req, '_csrf'));
}
