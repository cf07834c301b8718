// The public analyzer: GET / (the page), POST /analyze (the form without JavaScript: urlencoded filename,
// file_type and content, the first two repeated once per file for a project → a server-rendered report), and
// the shared /assets. With JavaScript the page calls the JSON API instead (/api/analyze, /api/analyze-project).
// Same limits, rate limit, counters and privacy as the API: nothing submitted is stored or logged.
import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UnsupportedFileType } from '../../analysis/analyze.ts';
import { FILE_TYPES } from '../../analysis/file-types/index.ts';
import type { FileTypeId } from '../../analysis/file-types/index.ts';
import { ANALYSIS_LIMITS, kb } from '../../analysis/limits.ts';
import { engineConfig, resolveRuleConfig } from '../../analysis/rule-config.ts';
import type { RuleConfig } from '../../core/engine.ts';
import { ACCEPTED_FILE_TYPES, fileSizeRefusal, isAcceptedFileType } from '../../analysis/submission.ts';
import { analyzeCheckedProject } from '../../http/analysis-checks.ts';
import { ApiError } from '../../http/errors.ts';
import { BODY_LIMITS } from '../../http/limits.ts';
import { assetRoutes } from '../shared/assets.ts';
import { field, fieldList } from '../shared/form.ts';
import { pageScope } from '../shared/page-scope.ts';
import { renderFileReport, renderFixes, renderProjectReport, withFileNames } from '../shared/assets/report.js';
import { html } from '../shared/assets/html.js';
import type { FixedFileReport, FixedProjectReport } from '../../analysis/fix.ts';
import { EMPTY_FORM, errorPage, FILE_TYPE_LABELS, homePage, resultPage } from './home.ts';
import type { FormFile, FormValues } from './home.ts';

function sendPage(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).type('text/html; charset=utf-8').send(body);
}

const TYPES = FILE_TYPES.map((t) => `a ${t.label}`);
/** "neither a Dockerfile nor a Compose file" (from three types on, "none of a Dockerfile, a Compose file, …"). */
const NO_SUPPORTED_TYPE = TYPES.length === 2 ? `neither ${TYPES[0]} nor ${TYPES[1]}` : `none of ${TYPES.join(', ')}`;

const UNREADABLE = 'The form could not be read; reload the page and send it again.';

/** The posted files: the i-th `filename` goes with the i-th `content`. Undefined when several do not pair up. */
function formValues(req: FastifyRequest): FormValues | undefined {
  const filenames = fieldList(req, 'filename');
  // Browsers send every line break of a textarea as CRLF (HTML form encoding), whatever was pasted: undo it so
  // sizes, and the limits, are those of the files as the API would get them.
  const contents = fieldList(req, 'content').map((c) => c.replace(/\r\n/g, '\n'));
  const rows = Math.max(filenames.length, contents.length, 1);
  if (rows > 1 && filenames.length !== contents.length) return undefined;
  const files = Array.from({ length: rows }, (_, i) => ({ filename: filenames[i] ?? '', content: contents[i] ?? '' }));
  // A project's type select is disabled (each file's type is detected), so only a single file posts one.
  return { fileType: field(req, 'file_type') ?? 'auto', files, profile: field(req, 'profile') ?? 'recommended' };
}

/** The chosen profile as the API's rule configuration, or undefined for a value the form never offers. */
function profileConfig(values: FormValues): RuleConfig | undefined {
  const resolved = resolveRuleConfig(values.profile, undefined);
  return 'config' in resolved ? engineConfig(resolved.config) : undefined;
}

const PROFILE_PROBLEM = 'Choose a profile: recommended or strict.';

/** What is wrong with a single submitted file, as one sentence; or its type, checked, when it can be analyzed. */
function checkedFile(file: FormFile, fileType: string): { fileType: FileTypeId | 'auto' } | { status: number; message: string } {
  if (file.filename.trim() === '') return { status: 422, message: 'Give the file a name, for example Dockerfile or compose.yaml.' };
  if (file.filename.length > ANALYSIS_LIMITS.maxFilenameLength) return { status: 422, message: `The file name is longer than ${ANALYSIS_LIMITS.maxFilenameLength} characters.` };
  if (!isAcceptedFileType(fileType)) return { status: 422, message: `Choose a type: ${ACCEPTED_FILE_TYPES.join(', ')}.` };
  // The API's check and wording ("The content is N bytes; the limit is …").
  return fileSizeRefusal(file.content, 'The content') ?? { fileType };
}

/** A project's names, checked as the page's script checks them before sending (the API's schema refuses the same). */
function nameProblem(files: readonly FormFile[]): string | undefined {
  const nameless = files.findIndex((f) => f.filename === '');
  if (nameless >= 0) return `File ${nameless + 1} has no name: name it like Dockerfile or compose.yaml, so its type can be detected.`;
  const long = files.findIndex((f) => f.filename.length > ANALYSIS_LIMITS.maxFilenameLength);
  if (long >= 0) return `The name of file ${long + 1} is longer than ${ANALYSIS_LIMITS.maxFilenameLength} characters.`;
  return undefined;
}

export async function publicPages(app: FastifyInstance): Promise<void> {
  const base = app.deps.config.publicBaseUrl;
  // The form carries a whole project: the project body limit, the same as POST /api/analyze-project's.
  await app.register(formbody, { bodyLimit: BODY_LIMITS.analyzeProject });
  pageScope(app);
  assetRoutes(app, '/assets/');

  // Errors of the form route (rate limit, a body over the limit, a body that is not a form) as a page, not JSON.
  app.setErrorHandler((err: FastifyError, req, reply) => {
    // Other client errors (a body shorter than its Content-Length, a JSON body that does not parse) keep their 4xx.
    const clientStatus = err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    const status = err instanceof ApiError ? err.status : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 413 : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 415 : clientStatus;
    if (err instanceof ApiError) reply.headers(err.headers);
    if (status === 500) req.log.error({ err: { type: err.name, code: err.code } }, 'unhandled error on a page');
    const message = status === 429 ? err.message
      : status === 413 ? `The form is larger than ${kb(BODY_LIMITS.analyzeProject)}; a file may have at most ${kb(ANALYSIS_LIMITS.maxFileBytes)}, a project ${kb(ANALYSIS_LIMITS.maxProjectBytes)}.`
      : status === 415 ? 'Send the form as application/x-www-form-urlencoded.'
      : status < 500 ? UNREADABLE
      // The API's own words for what it refuses on its side (`analysis_busy`, `analysis_failed`), with the id they ask for.
      : err instanceof ApiError ? `${err.message} Request id: ${req.id}.`
      : `Something went wrong on our side; try again. Quote ${req.id} if it keeps happening.`;
    return sendPage(reply, status, errorPage(status === 429 ? 'Too many requests' : 'The file could not be analyzed', message, EMPTY_FORM));
  });

  app.get('/', async (_req, reply) => sendPage(reply, 200, homePage(base)));

  async function analyzeOne(reply: FastifyReply, values: FormValues, file: FormFile) {
    const checked = checkedFile(file, values.fileType);
    if ('message' in checked) return sendPage(reply, checked.status, errorPage('The file could not be analyzed', checked.message, values));
    const config = profileConfig(values);
    if (!config) return sendPage(reply, 422, errorPage('The file could not be analyzed', PROFILE_PROBLEM, { ...values, profile: 'recommended' }));
    let analysis;
    try {
      analysis = await app.analysis.analyzeFile({ filename: file.filename, content: file.content, fileType: checked.fileType }, config, 'safe');
    } catch (err) {
      if (!(err instanceof UnsupportedFileType)) throw err;
      const message = `${file.filename} is ${NO_SUPPORTED_TYPE} as far as we can tell. Choose its type, or name it like Dockerfile or compose.yaml.`;
      return sendPage(reply, 422, errorPage('Unsupported file type', message, values));
    }
    app.countAnalyses(analysis.counts);
    const report = analysis.report() as FixedFileReport;
    const fixes = renderFixes([{ filename: file.filename, content: file.content, score: report.score, fixed: report.fixed }]);
    return sendPage(reply, 200, resultPage(html`${renderFileReport(report, file.filename, file.content, FILE_TYPE_LABELS)}${fixes}`, values));
  }

  /** Several files: POST /api/analyze-project's checks and analysis, its refusals with file names for indexes. */
  async function analyzeSeveral(reply: FastifyReply, values: FormValues) {
    // Names are trimmed as the page's script trims them before sending.
    const files = values.files.map((f) => ({ filename: f.filename.trim(), content: f.content }));
    const named = { ...values, files };
    const nameless = nameProblem(files);
    if (nameless) return sendPage(reply, 422, errorPage('The files could not be analyzed', nameless, named));
    const config = profileConfig(values);
    if (!config) return sendPage(reply, 422, errorPage('The files could not be analyzed', PROFILE_PROBLEM, { ...named, profile: 'recommended' }));
    let analysis;
    try {
      analysis = await analyzeCheckedProject(app.analysis, files, config, 'safe');
    } catch (err) {
      // Refusals of the input are shown with file names; failures on our side go to the error page as for one file.
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      const title = err.code === 'unsupported_file_type' ? 'Unsupported file type' : 'The files could not be analyzed';
      return sendPage(reply, err.status, errorPage(title, withFileNames(err.message, files), named));
    }
    app.countAnalyses(analysis.counts);
    const report = analysis.report() as FixedProjectReport;
    const fixes = renderFixes(report.files.map((f, i) => ({ filename: f.filename, content: files[i]!.content, score: f.report.score, fixed: f.fixed })));
    return sendPage(reply, 200, resultPage(html`${renderProjectReport(report, files, FILE_TYPE_LABELS)}${fixes}`, named));
  }

  const rateLimit = { max: app.deps.config.publicRateLimit.count, timeWindow: app.deps.config.publicRateLimit.windowMs };
  app.post('/analyze', { config: { rateLimit } }, async (req, reply) => {
    const values = formValues(req);
    if (!values) return sendPage(reply, 400, errorPage('The form could not be read', UNREADABLE, EMPTY_FORM));
    // "Add another file" without JavaScript: the same form with one more, empty row.
    if (field(req, 'add_file') !== undefined) {
      const { maxFiles } = ANALYSIS_LIMITS;
      if (values.files.length >= maxFiles) return sendPage(reply, 422, homePage(base, values, `A project takes at most ${maxFiles} files.`));
      return sendPage(reply, 200, homePage(base, { ...values, files: [...values.files, { filename: '', content: '' }] }, undefined, true));
    }
    // A row left empty (no name, no content) is left out: without JavaScript there is no button to remove it.
    const kept = values.files.filter((f) => f.filename.trim() !== '' || f.content !== '');
    if (kept.length > 1) return analyzeSeveral(reply, { ...values, files: kept });
    const file = kept[0] ?? values.files[0]!;
    return analyzeOne(reply, { ...values, files: [file] }, file);
  });
}
