// The rule catalogue (GET /api/rules, /api/rules/{rule_id}) and the accepted file types (GET /api/file-types),
// straight from rule metadata: what the CLI, SARIF and the web pages show as help.
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { RuleMeta } from '../../core/rule.ts';
import { ALL_RULES, ruleById, RULE_TARGETS_TEXT, RULESET_VERSION } from '../../analysis/catalogue.ts';
import { FILE_TYPES } from '../../analysis/file-types/index.ts';
import { ApiError } from '../errors.ts';
import { envelope, errorResponses } from '../schemas/common.ts';
import { typed } from '../type-provider.ts';

function summary(m: RuleMeta, base: string) {
  return { id: m.id, name: m.name, target: m.target, title: m.title, severity: m.severity, category: m.category, opt_in: m.optIn === true, equivalents: m.equivalents, help_url: `${base}/rules/${m.id}` };
}

export function ruleDetail(m: RuleMeta, base: string) {
  return { ...summary(m, base), description: m.description, cwe: m.cwe ?? [], references: m.references, remediation: m.remediation, messages: m.messages, examples: m.examples, tags: m.tags ?? [], severity_context: m.severityContext ?? [], options: m.options ?? {} };
}

export async function catalogueRoutes(instance: FastifyInstance): Promise<void> {
  const app = typed(instance);
  const base = app.deps.config.publicBaseUrl;
  const Query = Type.Object({
    target: Type.Optional(Type.String({ description: `${RULE_TARGETS_TEXT}.` })),
    severity: Type.Optional(Type.String()),
    category: Type.Optional(Type.String()),
    q: Type.Optional(Type.String({ maxLength: 100, description: 'Words to find in id, name, title or equivalents.' })),
  });

  app.get('/api/rules', {
    schema: {
      tags: ['rules'],
      operationId: 'listRules',
      summary: 'List rules, optionally filtered.',
      querystring: Query,
      response: { 200: envelope(Type.Object({ ruleset_version: Type.String(), items: Type.Array(Type.Ref('RuleSummary')) })), ...errorResponses(422) },
    },
  }, async (req) => {
    const q = req.query;
    const words = (q.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const items = ALL_RULES.filter((m) =>
      (!q.target || m.target === q.target) &&
      (!q.severity || m.severity === q.severity) &&
      (!q.category || m.category === q.category) &&
      words.every((w) => [m.id, m.name, m.title, ...m.equivalents].some((s) => s.toLowerCase().includes(w))),
    ).map((m) => summary(m, base));
    return { request_id: req.id, data: { ruleset_version: RULESET_VERSION, items } };
  });

  app.get('/api/rules/:rule_id', {
    schema: {
      tags: ['rules'],
      operationId: 'getRule',
      summary: 'One rule: description, remediation, examples, equivalents in other tools.',
      params: Type.Object({ rule_id: Type.String({ maxLength: 64 }) }),
      response: { 200: envelope(Type.Ref('Rule')), ...errorResponses(404) },
    },
  }, async (req) => {
    const meta = ruleById(req.params.rule_id);
    if (!meta) throw new ApiError(404, 'not_found', 'No rule has this id.');
    return { request_id: req.id, data: ruleDetail(meta, base) };
  });

  app.get('/api/file-types', {
    schema: {
      tags: ['analysis'],
      operationId: 'listFileTypes',
      summary: 'The accepted file_type values.',
      response: {
        200: envelope(Type.Object({ items: Type.Array(Type.Object({
          file_type: Type.String(),
          title: Type.String(),
          names: Type.Array(Type.String(), { description: 'Conventional names a directory search looks for, as case-insensitive globs over the base name; empty for a `named` type.' }),
          paths: Type.Array(Type.String(), { description: 'Conventional places a directory search looks for, as case-insensitive globs over the last segments of a repository-relative name (`.github/workflows/*.yml`); empty for a `named` type.' }),
          excluded_names: Type.Array(Type.String(), { description: 'Names that match `names` (or `detected_names`) but are not this type.' }),
          discovery: Type.Union([Type.Literal('directory'), Type.Literal('named')], { description: '`directory`: a directory search sends files of this type. `named`: only a file a user names is analyzed (`.env` files hold secrets); its names are listed in `detected_names` only, so no directory search finds them.' }),
          detected_names: Type.Array(Type.String(), { description: 'Every name glob detection recognises the type by, whatever its discovery.' }),
          sent_with: Type.Union([Type.Object({
            file_type: Type.String({ description: 'The type of the file these go with.' }),
            names: Type.Array(Type.String(), { description: 'Base names beside that file; `{name}` is its base name.' }),
          }), Type.Null()], { description: 'Files of this type a client sends along with a file of `file_type` when they exist beside it (`.dockerignore` with a Dockerfile).' }),
        })) })),
      },
    },
  }, async (req) => ({
    request_id: req.id,
    data: {
      items: [
        { file_type: 'auto', title: 'Detect from the file name, then the content', names: [] as string[], paths: [] as string[], excluded_names: [] as string[], discovery: 'directory' as const, detected_names: [] as string[], sent_with: null },
        ...FILE_TYPES.map((t) => {
          // A named type's globs stay out of `names` and `paths`: a client that searches directories with them (any
          // version of the CLI) would upload .env files nobody chose to send.
          const found = t.discovery === 'directory';
          return {
            file_type: t.id, title: t.title,
            names: found ? [...t.names] : [], paths: found ? [...t.paths] : [], excluded_names: [...t.excludedNames],
            discovery: t.discovery, detected_names: [...t.names],
            sent_with: t.sentWith ? { file_type: t.sentWith.fileType, names: [...t.sentWith.names] } : null,
          };
        }),
      ],
    },
  }));
}
