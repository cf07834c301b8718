// GET /api/v1/usage: the calling account's plan, this month's quota and each key's use. Reads only: it
// consumes no quota. It carries the X-RateLimit-* headers too, so clients can check them before creating scans.
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { accountById } from '../../storage/accounts.ts';
import { storedApiKeys, withPendingUses } from '../../storage/api-keys.ts';
import { peekQuota } from '../../storage/quota.ts';
import { envelope, errorResponses } from '../schemas/common.ts';
import { partnerOf, quotaHeaders } from './partner-auth.ts';

const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

const Usage = Type.Object({
  plan: Type.Union([Type.Literal('free'), Type.Literal('starter'), Type.Literal('pro'), Type.Literal('enterprise')]),
  quota: Type.Object({
    period: Type.String({ description: 'First day of the current calendar month (UTC), YYYY-MM-DD.' }),
    limit: Type.Integer({ minimum: 0, description: 'Scans per month, shared by all keys of the account.' }),
    used: Type.Integer({ minimum: 0 }),
    remaining: Type.Integer({ minimum: 0 }),
    reset: { ...Timestamp, description: 'Start of the next calendar month, UTC.' },
  }),
  keys: Type.Array(Type.Object({
    id: Type.String(),
    prefix: Type.String({ description: 'The first characters of the key, for recognising it.' }),
    created_at: Timestamp,
    last_used_at: Nullable(Timestamp),
    revoked_at: Nullable(Timestamp),
    requests: Type.Integer({ minimum: 0, description: 'Authenticated requests made with the key, ever.' }),
    scans_this_month: Type.Integer({ minimum: 0 }),
  }), { description: 'Every key of the account, newest first, revoked keys included.' }),
});

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

export async function usageRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/usage', {
    schema: {
      tags: ['partner'],
      operationId: 'getUsage',
      summary: "The account's plan, monthly quota and per-key usage.",
      description: 'Requires `Authorization: Bearer <API key>`. Consumes no quota; carries the X-RateLimit-* headers.',
      response: { 200: envelope(Usage), ...errorResponses(401, 429) },
    },
  }, async (req, reply) => {
    const { db, clock } = app.deps;
    const { accountId } = partnerOf(req);
    const now = clock();
    const [account, quota, stored] = await app.readCache.get(`usage:${accountId}:${now.toISOString().slice(0, 7)}`, ['accounts', 'api_keys', 'quota_usage', 'key_usage'], () => Promise.all([accountById(db, accountId), peekQuota(db, accountId, now), storedApiKeys(db, accountId, now)]));
    // This process's key uses not written yet (this request's among them) are counted too.
    const keys = withPendingUses(db, stored);
    reply.headers(quotaHeaders(quota));
    return {
      request_id: req.id,
      data: {
        plan: account!.plan,
        quota: { period: quota.period, limit: quota.limit, used: quota.used, remaining: quota.remaining, reset: quota.reset.toISOString() },
        keys: keys.map((k) => ({
          id: k.id, prefix: k.prefix, created_at: iso(k.created_at)!, last_used_at: iso(k.last_used_at), revoked_at: iso(k.revoked_at),
          requests: k.request_count, scans_this_month: k.scans_this_month,
        })),
      },
    };
  });
}
