// The rule reference: GET /rules (search and filters as query parameters) and GET /rules/{id}, the help page
// every finding links to, for every rule id including domain-scan rules (CGS…).
import type { FastifyInstance } from 'fastify';
import { ALL_RULES, ruleById } from '../../analysis/catalogue.ts';
import { pageScope } from '../shared/page-scope.ts';
import { sendNotFoundPage } from '../shared/not-found.ts';
import { matches, readFilter, rulePage, rulesListPage } from './pages.ts';

export async function rulePages(app: FastifyInstance): Promise<void> {
  const base = app.deps.config.publicBaseUrl;
  pageScope(app);

  // Route generics state what the router guarantees: a path parameter is a string, query values are unknown.
  app.get<{ Querystring: Record<string, unknown> }>('/rules', async (req, reply) => {
    const filter = readFilter(req.query);
    const rules = ALL_RULES.filter((m) => matches(m, filter));
    return reply.type('text/html; charset=utf-8').send(rulesListPage(rules, filter, ALL_RULES.length));
  });

  app.get<{ Params: { id: string } }>('/rules/:id', async (req, reply) => {
    const id = req.params.id;
    const meta = ruleById(id);
    if (!meta) return sendNotFoundPage(reply, base, `No rule has the id ${id.slice(0, 40)}. Rule ids look like CGD001, CGC010 or CGS004.`);
    // One address per rule: cgd001 and the like go to the canonical id.
    if (meta.id !== id) return reply.redirect(`/rules/${meta.id}`, 301);
    return reply.type('text/html; charset=utf-8').send(rulePage(meta));
  });
}
