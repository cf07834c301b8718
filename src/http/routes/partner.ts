// Everything partner accounts bring to the app: API-key authentication of /api/v1/ (at the root, so every
// partner route is covered), GET /api/v1/usage, and the developer area with the operator page.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { developerArea } from '../../web/developer/index.ts';
import { partnerAuth } from './partner-auth.ts';
import { usageRoutes } from './usage.ts';

async function partner(app: FastifyInstance): Promise<void> {
  await app.register(partnerAuth);
  await app.register(usageRoutes);
  await app.register(developerArea);
}

export const partnerAccounts = fp(partner, { name: 'partner-accounts', fastify: '5.x' });
