// The public analysis API: POST /api/analyze (one file) and POST /api/analyze-project (up to 10 files).
// Nothing submitted is stored or logged; each analysis only bumps the daily aggregate counters.
import { Type } from 'typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { UnsupportedFileType } from '../../analysis/analyze.ts';
import { ruleById } from '../../analysis/catalogue.ts';
import { engineConfig, resolveRuleConfig } from '../../analysis/rule-config.ts';
import { fileSizeRefusal, isAcceptedFileType, unsupportedFileType } from '../../analysis/submission.ts';
import type { RuleConfig } from '../../core/engine.ts';
import { artifactUri, SARIF_MEDIA_TYPE, sarifForFile, sarifForProject } from '../../formatters/sarif.ts';
import type { SarifLog } from '../../formatters/sarif.ts';
import { analyzeCheckedProject, refused } from '../analysis-checks.ts';
import { BODY_LIMITS } from '../limits.ts';
import { AnalyzeProjectRequest, AnalyzeRequest } from '../schemas/analysis.ts';
import { envelope, errorResponses } from '../schemas/common.ts';
import { typed } from '../type-provider.ts';

export const FormatQuery = Type.Object({
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('sarif')], { description: '`sarif` answers with SARIF 2.1.0 (as `Accept: application/sarif+json`).' })),
});

/** The q-value an Accept header gives a media type (0 when it is not named). */
function quality(accept: string, type: string): number {
  for (const part of accept.split(',')) {
    const [media, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (media !== type) continue;
    const q = params.find((p) => p.startsWith('q='));
    return q ? Number(q.slice(2)) || 0 : 1;
  }
  return 0;
}

/** `?format=` decides; otherwise SARIF when Accept names it at least as strongly as JSON. */
function wantsSarif(req: FastifyRequest<{ Querystring: { format?: string } }>): boolean {
  const format = req.query.format;
  if (format) return format === 'sarif';
  const accept = req.headers.accept ?? '';
  const sarif = quality(accept, SARIF_MEDIA_TYPE);
  return sarif > 0 && sarif >= quality(accept, 'application/json');
}

/** Bypasses the route's JSON response schema, which describes the envelope, not SARIF. */
function sendSarif(reply: FastifyReply, log: SarifLog) {
  return reply.type(SARIF_MEDIA_TYPE).serializer(JSON.stringify).send(log);
}

/** Every answer of these routes, errors included, depends on Accept (JSON or SARIF). A callback hook, not an
 * async one: it runs on every response and needs no promise. */
export const varyOnAccept: onSendHookHandler = (_req, reply, payload, done) => {
  reply.header('Vary', 'Accept');
  done(null, payload);
};

/** A report's JSON text from the analysis thread in the envelope, sent as is: a JSON string body is not serialized
 * again, and the OpenAPI tests validate real answers against the route's schema. */
function sendReport(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(`{"request_id":${JSON.stringify(reply.request.id)},"data":${json}}`);
}

/** The request's profile and rules, resolved against the catalogue; 422 `invalid_request` naming the field. */
function ruleConfig(body: { profile?: unknown; rules?: unknown; baseline?: readonly string[] }): RuleConfig {
  const resolved = resolveRuleConfig(body.profile, body.rules);
  if ('refusal' in resolved) throw refused(resolved.refusal);
  const config = engineConfig(resolved.config);
  return body.baseline && body.baseline.length > 0 ? { ...config, baseline: body.baseline } : config;
}

const CONFIG_NOTE = ' Optional `profile` and `rules` choose how rules run and count; the report states both (`profile`, `rules`). An optional `baseline` (fingerprints of known findings) moves those findings to `suppressed` and scores without them.';

const FIX_NOTE = ' An optional `fix` (`safe` or `all`) also returns the corrected file: `fixed` (per file of a project) holds its `content`, the number of fixes `applied`, its `score` and the findings `remaining` in it; fixes apply in passes until none applies (at most 10), so fixing the result again changes nothing. The content is never stored or logged. SARIF results carry each finding\'s fix in `fixes`.';

const SARIF_NOTE = ' With `?format=sarif` or `Accept: application/sarif+json` the 200 answer is a SARIF 2.1.0 log (`application/sarif+json`) instead of the envelope; errors stay JSON.';

export async function analyzeRoutes(instance: FastifyInstance): Promise<void> {
  const app = typed(instance);
  const sarifOptions = { informationUri: app.deps.config.publicBaseUrl, rules: ruleById };
  app.addHook('onSend', varyOnAccept);
  const rateLimit = { max: app.deps.config.publicRateLimit.count, timeWindow: app.deps.config.publicRateLimit.windowMs };

  app.post('/api/analyze', {
    bodyLimit: BODY_LIMITS.analyze,
    config: { rateLimit },
    schema: {
      tags: ['analysis'],
      operationId: 'analyzeFile',
      summary: 'Analyze one file.',
      description: 'Returns the v1 analysis contract for the file, with the file type (detected when `auto`) and how it was detected. Errors: 413 `file_too_large`, 422 `unsupported_file_type`, 422 `invalid_request`, 429 `rate_limited`, 503 `analysis_busy`, 503 `analysis_failed`.' + CONFIG_NOTE + FIX_NOTE + SARIF_NOTE,
      querystring: FormatQuery,
      body: AnalyzeRequest,
      response: { 200: envelope({ $ref: 'FileReport#' } as never), ...errorResponses(400, 413, 415, 422, 429, 503) },
    },
  }, async (req, reply) => {
    const body = req.body;
    const fileType = body.file_type;
    if (!isAcceptedFileType(fileType)) throw refused(unsupportedFileType(`file_type "${fileType.slice(0, 40)}"`));
    const tooLarge = fileSizeRefusal(body.content, 'content');
    if (tooLarge) throw refused(tooLarge);
    const config = ruleConfig(body);
    let analysis;
    try {
      analysis = await app.analysis.analyzeFile({ filename: body.filename, content: body.content, fileType }, config, body.fix);
    } catch (err) {
      if (err instanceof UnsupportedFileType) throw refused(unsupportedFileType('The content'));
      throw err;
    }
    app.countAnalyses(analysis.counts);
    if (wantsSarif(req)) return sendSarif(reply, sarifForFile(analysis.report(), { filename: body.filename, uri: artifactUri(body.filename), content: body.content }, sarifOptions));
    return sendReport(reply, analysis.json);
  });

  app.post('/api/analyze-project', {
    bodyLimit: BODY_LIMITS.analyzeProject,
    config: { rateLimit },
    schema: {
      tags: ['analysis'],
      operationId: 'analyzeProject',
      summary: 'Analyze a project of up to 10 files together.',
      description: 'Each file is detected and analyzed, then cross-file rules run (compose build → Dockerfile, `extends` and `include` across files, env_file, ports, users…). Errors: 413 `file_too_large`, 413 `project_too_large`, 422 `too_many_files`, 422 `duplicate_filename`, 422 `unsupported_file_type`, 422 `invalid_request`, 429 `rate_limited`, 503 `analysis_busy`, 503 `analysis_failed`.' + CONFIG_NOTE + FIX_NOTE + SARIF_NOTE,
      querystring: FormatQuery,
      body: AnalyzeProjectRequest,
      response: { 200: envelope({ $ref: 'ProjectReport#' } as never), ...errorResponses(400, 413, 415, 422, 429, 503) },
    },
  }, async (req, reply) => {
    const body = req.body;
    const { files } = body;
    const config = ruleConfig(body);
    const analysis = await analyzeCheckedProject(app.analysis, files, config, body.fix);
    app.countAnalyses(analysis.counts);
    if (wantsSarif(req)) return sendSarif(reply, sarifForProject(analysis.report(), files.map((f) => ({ ...f, uri: artifactUri(f.filename) })), sarifOptions));
    return sendReport(reply, analysis.json);
  });
}
