// The public analyzer: GET / (the page), POST /analyze (the form without JavaScript: urlencoded filename,
// file_type, content → a server-rendered report), and the shared /assets. With JavaScript the page calls the
// JSON API instead (/api/analyze, /api/analyze-project). Same limits, rate limit, counters and privacy as the API:
// nothing submitted is stored or logged.
import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { FileType } from '../../core/rule.ts';
import { ApiError } from '../../http/errors.ts';
import { ANALYSIS_LIMITS, BODY_LIMITS, utf8Bytes } from '../../http/limits.ts';
import { analyzeFile, UnsupportedFileType } from '../../project/analyze.ts';
import { assetRoutes } from '../shared/assets.ts';
import { field } from '../shared/form.ts';
import { pageHeaders } from '../shared/headers.ts';
import { renderFileReport } from '../shared/assets/report.js';
import { EMPTY_FORM, errorPage, FORM_FILE_TYPES, homePage, resultPage } from './home.ts';
import type { FormValues } from './home.ts';

const kb = (bytes: number) => `${bytes / 1000} KB`;

function sendPage(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).type('text/html; charset=utf-8').send(body);
}

/** What is wrong with the submitted form, as one sentence; undefined when it can be analyzed. */
function problemOf(values: FormValues): { status: number; message: string } | undefined {
  if (values.filename.trim() === '') return { status: 422, message: 'Give the file a name, for example Dockerfile or compose.yaml.' };
  if (values.filename.length > ANALYSIS_LIMITS.maxFilenameLength) return { status: 422, message: `The file name is longer than ${ANALYSIS_LIMITS.maxFilenameLength} characters.` };
  if (!(FORM_FILE_TYPES as readonly string[]).includes(values.fileType)) return { status: 422, message: `Choose a type: ${FORM_FILE_TYPES.join(', ')}.` };
  const bytes = utf8Bytes(values.content);
  if (bytes > ANALYSIS_LIMITS.maxFileBytes) {
    return { status: 413, message: `The content is ${bytes} bytes; the limit is ${kb(ANALYSIS_LIMITS.maxFileBytes)} (1 KB = 1000 bytes) per file.` };
  }
  return undefined;
}

export async function publicPages(app: FastifyInstance): Promise<void> {
  const base = app.deps.config.publicBaseUrl;
  const engine = { helpBaseUrl: base };
  await app.register(formbody, { bodyLimit: BODY_LIMITS.analyze });
  pageHeaders(app);
  assetRoutes(app, '/assets/');

  // Errors of the form route (rate limit, a body over the limit, a body that is not a form) as a page, not JSON.
  app.setErrorHandler((err: FastifyError, req, reply) => {
    // Other client errors (a body shorter than its Content-Length, a JSON body that does not parse) keep their 4xx.
    const clientStatus = err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    const status = err instanceof ApiError ? err.status : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 413 : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 415 : clientStatus;
    if (err instanceof ApiError) reply.headers(err.headers);
    if (status === 500) req.log.error({ err: { type: err.name, code: err.code } }, 'unhandled error on a page');
    const message = status === 429 ? err.message
      : status === 413 ? `The form is larger than ${kb(BODY_LIMITS.analyze)}; a file may have at most ${kb(ANALYSIS_LIMITS.maxFileBytes)}.`
      : status === 415 ? 'Send the form as application/x-www-form-urlencoded.'
      : status < 500 ? 'The form could not be read; reload the page and send it again.'
      : `Something went wrong on our side; try again. Quote ${req.id} if it keeps happening.`;
    return sendPage(reply, status, errorPage(status === 429 ? 'Too many requests' : 'The file could not be analyzed', message, EMPTY_FORM));
  });

  app.get('/', { schema: { hide: true } }, async (_req, reply) => sendPage(reply, 200, homePage(base)));

  const rateLimit = { max: app.deps.config.publicRateLimit.count, timeWindow: app.deps.config.publicRateLimit.windowMs };
  app.post('/analyze', { config: { rateLimit }, schema: { hide: true } }, async (req, reply) => {
    const values: FormValues = {
      filename: field(req, 'filename') ?? '',
      fileType: field(req, 'file_type') ?? 'auto',
      // Browsers send every line break of a textarea as CRLF (HTML form encoding), whatever was pasted: undo it so
      // sizes, and the limits, are those of the file as the API would get it.
      content: (field(req, 'content') ?? '').replace(/\r\n/g, '\n'),
    };
    const problem = problemOf(values);
    if (problem) return sendPage(reply, problem.status, errorPage('The file could not be analyzed', problem.message, values));
    let report;
    try {
      report = analyzeFile({ filename: values.filename, content: values.content, fileType: values.fileType as FileType | 'auto' }, engine);
    } catch (err) {
      if (!(err instanceof UnsupportedFileType)) throw err;
      const message = `${values.filename} is neither a Dockerfile nor a Compose file as far as we can tell. Choose its type, or name it like Dockerfile or compose.yaml.`;
      return sendPage(reply, 422, errorPage('Unsupported file type', message, values));
    }
    app.countAnalyses([{ fileType: report.file_type, score: report.score, severity: report.severity }]);
    return sendPage(reply, 200, resultPage(renderFileReport(report, values.filename, values.content), values));
  });
}
