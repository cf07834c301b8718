// Authentication of the partner API: every route under /api/v1/ requires `Authorization: Bearer <API key>`,
// checked on each request against the database, then the per-key request rate. Revocation and suspension apply
// to the next request, whichever process made them:
// - PostgreSQL: the key and its account's status are read from the database for every request (one indexed
//   SELECT, never cached; requests with one key arriving in the same turn share a SELECT sent after they came,
//   src/http/fresh-reads.ts). Another process's change reaches this one's read cache only when its announcement
//   arrives, after the change's commit has already returned to its caller: a cached lookup would accept a
//   revoked key in between (issue #25).
// - Embedded store: through the read cache, which drops the key when it or its account changes; the store's
//   announcements arrive before the changing statement resolves and every writer is this process
//   (src/http/read-cache.ts).
// The key's use is counted in batches (src/storage/api-keys.ts). Routes read the caller from `request.partner`. Registered at the root (fastify-plugin)
// so routes from any plugin under /api/v1/ are covered without opting in. No CORS headers: keys belong on
// servers, never in browsers.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isWellFormedKey, lookupHash } from '../../auth/api-key.ts';
import { RateLimiter } from '../../auth/rate-limit.ts';
import { serverKeys } from '../../auth/secret.ts';
import type { ServerKeys } from '../../auth/secret.ts';
import { findKeyOwner, keyCacheId } from '../../auth/keys.ts';
import { flushKeyUses, recordKeyUse } from '../../storage/api-keys.ts';
import type { QuotaState } from '../../storage/quota.ts';
import { ApiError } from '../errors.ts';
import { FreshReads } from '../fresh-reads.ts';

export const PARTNER_API_PREFIX = '/api/v1/';

export interface Partner {
  accountId: number;
  keyId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller on /api/v1/ routes; null elsewhere. */
    partner: Partner | null;
  }
  interface FastifyInstance {
    /** Keys derived from the server secret (API-key lookup, webhook-key encryption, CSRF). */
    serverKeys: ServerKeys;
  }
}

function unauthorized(message: string): ApiError {
  return new ApiError(401, 'unauthorized', message, { 'WWW-Authenticate': 'Bearer' });
}

/** The caller of a partner route (always set there; throws 401 if a route outside /api/v1/ asks). */
export function partnerOf(req: FastifyRequest): Partner {
  if (!req.partner) throw unauthorized('This route requires an API key.');
  return req.partner;
}

/** The three rate-limit headers of the spec: on new scan creations, on 429 quota_exceeded, on /usage. */
export function quotaHeaders(q: Pick<QuotaState, 'limit' | 'remaining' | 'reset'>): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(q.limit),
    'X-RateLimit-Remaining': String(q.remaining),
    'X-RateLimit-Reset': q.reset.toISOString(),
  };
}

/** What a scans route throws when `consumeQuota` answered `ok: false`. */
export function quotaExceeded(q: QuotaState): ApiError {
  return new ApiError(429, 'quota_exceeded', `The monthly quota of ${q.limit} scans is used up; it resets at ${q.reset.toISOString()}.`, quotaHeaders(q));
}

const BEARER = /^Bearer +(\S+) *$/i;

async function partnerAuthentication(app: FastifyInstance): Promise<void> {
  const { db, config, clock } = app.deps;
  app.decorate('serverKeys', serverKeys(config));
  app.decorateRequest('partner', null);
  const limiter = new RateLimiter(config.partnerRateLimit);
  /** Only the embedded store's announcements come before the change resolves (see the top of this file). */
  const cacheKeys = db.kind === 'embedded';
  /** PostgreSQL: requests with one key in one turn share a lookup not sent yet (as fresh as their own). */
  const lookups = new FreshReads<Awaited<ReturnType<typeof findKeyOwner>>>();
  app.addHook('onClose', async () => {
    await flushKeyUses(db).catch((err: Error) => app.log.warn({ error: err.message }, 'could not record key uses'));
  });

  app.addHook('onRequest', async (req) => {
    if (!req.routeOptions.url?.startsWith(PARTNER_API_PREFIX)) return;
    const header = req.headers.authorization;
    const key = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
    if (key === undefined) throw unauthorized('Send the API key in the header Authorization: Bearer <key>.');
    if (!isWellFormedKey(key)) throw unauthorized('The API key is malformed; copy it again from where you stored it.');
    // The key's HMAC, once: the cache id and the lookup both use it.
    const hash = lookupHash(app.serverKeys.lookup, key);
    const id = keyCacheId(hash);
    const owner = cacheKeys
      ? await app.readCache.get(id, ['api_keys', 'accounts'], () => findKeyOwner(db, hash), (found) => found !== undefined)
      : await lookups.get(id, () => findKeyOwner(db, hash));
    if (!owner || owner.revoked || owner.status !== 'approved') {
      throw unauthorized('The API key is unknown or revoked, or its account has no access to the API.');
    }
    const now = clock();
    const rate = limiter.take(owner.key_id, now.getTime());
    if (!rate.allowed) {
      throw new ApiError(429, 'rate_limited', `Too many requests with this key; retry in ${rate.retryAfter} s.`, { 'Retry-After': String(rate.retryAfter) });
    }
    recordKeyUse(db, owner.key_id, now);
    req.partner = { accountId: owner.account_id, keyId: owner.key_id };
  });
}

export const partnerAuth = fp(partnerAuthentication, { name: 'partner-auth', fastify: '5.x' });
