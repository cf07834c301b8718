// The web pages over HTTP (no browser): security headers on every page, judged by our own domain scanner's pure
// checks; the HTML 404 for browsers; the analyzer page and its no-JavaScript form path (one file and projects); the rule reference
// (filters, every rule's page, every finding's help link); the developer usage page with scans.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ALL_RULES } from '../src/analysis/catalogue.ts';
import { SCAN_CHECKS } from '../src/scan/catalogue.ts';
import type { Evidence, Page } from '../src/scan/evidence.ts';
import { securityTxtCheck } from '../src/scan/checks/security-txt.ts';
import { httpRedirectCheck } from '../src/scan/checks/http.ts';
import { createSession } from '../src/storage/sessions.ts';
import { withFileNames } from '../src/web/shared/assets/report.js';
import { partnerWithKey } from './accounts-fixtures.ts';
import { startTestApp } from './support/app.ts';
import type { TestApp } from './support/app.ts';

const BASE = 'https://confgate.test';
let t: TestApp;
let plain: TestApp;

before(async () => {
  t = await startTestApp({ PUBLIC_BASE_URL: BASE });
  plain = await startTestApp({ PUBLIC_BASE_URL: 'http://confgate.test' });
});
after(async () => {
  await t.close();
  await plain.close();
});

const PAGES = ['/', '/rules', '/rules/CGD001', '/rules/CGS004', '/developer/login'];
const get = (url: string, headers: Record<string, string> = {}, app = t) => app.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
/** A form body; pairs repeat a field, as the form's rows do (`filename`, `content` once per file). */
const postForm = (fields: Record<string, string> | [string, string][]) =>
  t.app.inject({ method: 'POST', url: '/analyze', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' }, payload: new URLSearchParams(fields).toString() });

function asPage(url: string, res: { statusCode: number; headers: Record<string, unknown>; body: string }): Page {
  const headers: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(res.headers)) headers[k.toLowerCase()] = Array.isArray(v) ? v.map(String) : [String(v)];
  return { url: `${BASE}${url}`, status: res.statusCode, headers, body: res.body, head: '', chain: [{ url: `${BASE}${url}`, status: res.statusCode }] };
}

describe('security headers', () => {
  it('every page sends the strict set', async () => {
    for (const url of [...PAGES, '/no/such/page', '/rules/CGX999']) {
      const res = await get(url);
      assert.match(String(res.headers['content-type']), /^text\/html/, url);
      const csp = String(res.headers['content-security-policy']);
      for (const d of ["default-src 'none'", "script-src 'self'", "style-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"]) {
        assert.ok(csp.split('; ').includes(d), `${url}: ${d}`);
      }
      assert.doesNotMatch(csp, /unsafe-|\*|https?:/, url);
      assert.equal(res.headers['x-frame-options'], 'DENY', url);
      assert.equal(res.headers['referrer-policy'], 'no-referrer', url);
      assert.match(String(res.headers['permissions-policy']), /camera=\(\)/, url);
      assert.equal(res.headers['cross-origin-opener-policy'], 'same-origin', url);
      assert.equal(res.headers['cross-origin-resource-policy'], 'same-origin', url);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
      assert.equal(res.headers['strict-transport-security'], 'max-age=63072000; includeSubDomains', url);
      assert.doesNotMatch(res.body, /<script>|<script(?![^>]*\ssrc=)[^>]*>|<style|\sstyle=|\son[a-z]+=/i, `${url}: no inline script or style`);
    }
  });
  it('no HSTS when the public base URL is plain http (it would lock browsers out)', async () => {
    const res = await get('/', {}, plain);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['strict-transport-security'], undefined);
    assert.ok(res.headers['content-security-policy']);
  });
  it("our own domain scanner's header checks pass on our pages", async () => {
    // The checks that judge a page's response; redirects and security.txt are about the deployment, not pages.
    const checks = SCAN_CHECKS.filter((c) => c.area === 'http' && c !== httpRedirectCheck && c !== securityTxtCheck);
    assert.ok(checks.length >= 12);
    for (const url of PAGES) {
      const page = asPage(url, await get(url));
      const origin = 'https://attacker.example';
      const cors = asPage(url, await get(url, { origin }));
      const evidence = { domain: 'confgate.test', at: Date.now(), https: { ok: true, value: page }, http: { ok: false, error: 'not probed' }, cors: { ok: true, value: cors }, corsOrigin: origin, tls: { ok: false, error: 'not probed' } } as unknown as Evidence;
      for (const check of checks) {
        const out = check.run(evidence);
        // Cookie, SRI and mixed-content checks have nothing to judge on pages without cookies or foreign resources.
        // The service serves no HTTP/3: http3-advertised is information (`info`), never a problem; with no preload list
        // given, hsts-preload is `info` (not judged) too.
        const allowed = ['cookie-attributes', 'subresource-integrity', 'mixed-content'].includes(check.id) ? ['pass', 'not-applicable'] : ['http3-advertised', 'hsts-preload'].includes(check.id) ? ['info'] : ['pass'];
        assert.ok(allowed.includes(out.status), `${url} ${check.id}: ${out.status}, ${out.evidence}`);
      }
    }
  });
});

describe('not found', () => {
  it('browsers get an HTML page, API clients the JSON envelope', async () => {
    const page = await get('/no/such/page');
    assert.equal(page.statusCode, 404);
    assert.match(page.body, /<h1>Page not found<\/h1>/);
    assert.match(page.body, /href="\/rules"/);
    for (const [url, accept] of [['/no/such/page', 'application/json'], ['/no/such/page', '*/*'], ['/api/nope', 'text/html']] as const) {
      const res = await get(url, { accept });
      assert.equal(res.statusCode, 404);
      assert.equal(res.json().error.code, 'not_found', `${url} ${accept}`);
    }
    const post = await t.app.inject({ method: 'POST', url: '/no/such/page', headers: { accept: 'text/html' } });
    assert.equal(post.json().error.code, 'not_found');
  });
});

describe('analyzer page', () => {
  it('has a labelled form that works without JavaScript, the CLI and CI snippets and the privacy note', async () => {
    const res = await get('/');
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<form id="analyze-form" class="analyze" method="post" action="\/analyze"/);
    for (const [id, name] of [['filename-0', 'filename'], ['file_type-0', 'file_type'], ['content-0', 'content']]) {
      assert.match(res.body, new RegExp(`<label for="${id}">`));
      assert.match(res.body, new RegExp(`id="${id}" name="${name}"`));
    }
    assert.match(res.body, /data-max-files="10" data-max-file-bytes="100000" data-max-project-bytes="500000"/);
    assert.ok(res.body.includes(`curl -fsSLO ${BASE}/static/confgate.py &#38;&#38; python3 confgate.py Dockerfile`));
    assert.match(res.body, /github\/codeql-action\/upload-sarif/);
    assert.equal(res.body.match(/--min-score 80/g)?.length, 2, 'GitHub and GitLab snippets gate');
    assert.match(res.body, /<section id="privacy"[^>]*>[\s\S]*Nothing you submit is stored/);
    assert.match(res.body, /href="\/#privacy"/);
  });

  it('the form post renders the same report as the API, with marked lines, fixes and rule links', async () => {
    const content = 'FROM ubuntu:latest\nENV API_TOKEN=abc123secretvalue\n';
    const api = (await t.app.inject({ method: 'POST', url: '/api/analyze', payload: { filename: 'Dockerfile', file_type: 'auto', content } })).json().data;
    const res = await postForm({ filename: 'Dockerfile', file_type: 'auto', content });
    assert.equal(res.statusCode, 200);
    assert.ok(res.body.includes(`<span class="score-value">${api.score}</span>`));
    assert.ok(res.body.includes(`Grade <strong>${api.grade}</strong>`));
    for (const f of api.findings) assert.ok(res.body.includes(`<a class="rule-id" href="/rules/${f.rule_id}">${f.rule_id}</a>`), f.rule_id);
    assert.match(res.body, /<span class="line hit"><span class="ln">2<\/span><span class="text">ENV <mark>API_TOKEN<\/mark>=abc123secretvalue<\/span><\/span>/);
    // The finding's position links to its line in the whole file; the line's gutter mark links back to the finding.
    const secret = res.body.match(/<li class="finding" id="(finding-\d+)">\s*<h4><a class="rule-id" href="\/rules\/CGD030">[^]*?<\/li>/);
    assert.ok(secret, 'the secret finding has an id');
    assert.match(secret[0], /<p class="where"><a href="#file-1-line-2">Line 2, columns 5–13<\/a><\/p>/);
    assert.match(res.body, new RegExp(`<div class="src-line has-finding" id="file-1-line-2"><a class="ln" href="#file-1-line-2" aria-label="Line 2">2</a><span class="gutter"><a class="gmark sev-high" href="#${secret[1]}" aria-label="High finding CGD030: [^"]+"[^>]*>H</a></span><code>ENV API_TOKEN=abc123secretvalue</code></div>`));
    assert.equal(res.body.match(/<div class="src-line[ "]/g)?.length, 2, 'every line of the file, once');
    assert.equal(res.body.match(/<a class="gmark /g)?.length, api.findings.length, 'a gutter mark per finding');
    // The same check in other tools, on each finding that has one.
    const latest = res.body.match(/<li class="finding" id="finding-\d+">\s*<h4><a class="rule-id" href="\/rules\/CGD002">[^]*?<\/li>/);
    assert.match(latest?.[0] ?? '', /<p class="peers">Same check in other tools: [^<]*(<code>[^<]+<\/code>, )*<code>hadolint:DL3007<\/code>/);
    assert.match(res.body, /<strong>Fix:<\/strong> <p>Pass the secret at run time/);
    const highs = api.findings.filter((f: { severity: string }) => f.severity === 'high').length;
    assert.ok(highs >= 1, 'the secret is high');
    assert.ok(res.body.includes(`<h3 id="sev-high"><span class="badge sev-high">High</span> ${highs} finding${highs === 1 ? '' : 's'}</h3>`), 'the high group counts the API\'s high findings');
    assert.match(res.body, /<textarea id="content-0"[^>]*>FROM ubuntu:latest/, 'the form is refilled for another try');
  });

  it('escapes what was submitted', async () => {
    const res = await postForm({ filename: '<img src=x>.Dockerfile', file_type: 'dockerfile', content: 'FROM alpine:3.22\nLABEL x="</textarea><script>alert(1)</script>"\n' });
    assert.equal(res.statusCode, 200);
    assert.doesNotMatch(res.body, /<script>alert|<img src=x>/);
    assert.match(res.body, /&#60;\/textarea&#62;&#60;script&#62;/);
  });

  it('explains what cannot be analyzed, keeping the input', async () => {
    const big = await postForm({ filename: 'Dockerfile', file_type: 'auto', content: `FROM alpine\n${'#'.repeat(100_000)}` });
    assert.equal(big.statusCode, 413);
    assert.match(big.body, /role="alert"[^>]*>The content is 100012 bytes; the limit is 100 KB \(1 KB = 1000 bytes\) per file\./);
    const exact = await postForm({ filename: 'Dockerfile', file_type: 'auto', content: `FROM alpine\n${'#'.repeat(100_000 - 12)}` });
    assert.equal(exact.statusCode, 200, 'exactly 100 KB is accepted');
    const unsupported = await postForm({ filename: 'notes.txt', file_type: 'auto', content: 'just some words' });
    assert.equal(unsupported.statusCode, 422);
    assert.match(unsupported.body, /notes\.txt is none of a Dockerfile, a Compose file, a GitHub Actions workflow, a GitHub Actions action/);
    assert.match(unsupported.body, />just some words<\/textarea>/);
    assert.equal((await postForm({ filename: ' ', file_type: 'auto', content: 'FROM alpine' })).statusCode, 422);
    const badType = await postForm({ filename: 'Dockerfile', file_type: 'yaml', content: 'FROM alpine' });
    assert.equal(badType.statusCode, 422);
    assert.match(badType.body, /Choose a type: auto, dockerfile, compose, github-workflow, github-action, dockerignore, dotenv\./);
    const notForm = await t.app.inject({ method: 'POST', url: '/analyze', headers: { 'content-type': 'text/plain' }, payload: 'filename=Dockerfile' });
    assert.equal(notForm.statusCode, 415);
    assert.match(notForm.body, /<!doctype html>[\s\S]*application\/x-www-form-urlencoded/);
  });

  const PROJECT = [
    { filename: 'Dockerfile', content: 'FROM node:24-alpine\nEXPOSE 3000\nUSER root\nCMD ["node", "server.js"]\n' },
    { filename: 'compose.yaml', content: 'services:\n  web:\n    build: .\n    ports:\n      - "8080:80"\n    env_file: .env\n' },
  ];
  const rows = (files: { filename: string; content: string }[], extra: [string, string][] = []): [string, string][] =>
    [...files.flatMap((f): [string, string][] => [['filename', f.filename], ['content', f.content]]), ...extra];
  const alertOf = (body: string) => body.match(/<div id="form-errors" class="notice error" role="alert" tabindex="-1">([^<]*)<\/div>/)?.[1];

  it('the form posts several files as a project: the API\'s project score, each file\'s score and findings, the cross-file ones', async () => {
    const api = (await t.app.inject({ method: 'POST', url: '/api/analyze-project', payload: { files: PROJECT } })).json().data;
    assert.ok(api.project_findings.length > 0 && api.files.every((f: { report: { findings: unknown[] } }) => f.report.findings.length > 0));
    const res = await postForm(rows(PROJECT));
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<h2 id="result-title">Result for 2 files<\/h2>/);
    assert.ok(res.body.includes(`<span class="score-value">${api.score}</span>`));
    assert.ok(res.body.includes(`Grade <strong>${api.grade}</strong>`));
    assert.ok(res.body.includes(`Project of 2 files, ${api.project_findings.length} cross-file findings`));
    const findings = [...api.project_findings];
    for (const f of api.files) {
      assert.ok(res.body.includes(`<tr><th scope="row">${f.filename}</th><td data-label="Type">${f.file_type === 'compose' ? 'Compose file' : 'Dockerfile'}, detected from its name</td><td data-label="Score">${f.report.score}</td><td data-label="Grade">${f.report.grade}</td><td data-label="Findings">${f.report.findings.length}</td></tr>`), f.filename);
      findings.push(...f.report.findings.map((x: { location: object }) => ({ ...x, location: { file: f.filename, ...x.location } })));
    }
    assert.equal(res.body.match(/<li class="finding" id="finding-\d+">/g)?.length, findings.length, 'every finding, once');
    const items = res.body.split(/<li class="finding" id="finding-\d+">/).slice(1);
    for (const f of findings) {
      const where = new RegExp(`<p class="where"><a href="#file-${f.location.file === 'Dockerfile' ? 1 : 2}-line-${f.location.start_line}">${f.location.file.replace('.', '\\.')}, lines? ${f.location.start_line}\\b`);
      assert.ok(items.some((i) => i.includes(`href="/rules/${f.rule_id}">`) && where.test(i)), `${f.rule_id} in ${f.location.file}`);
    }
    // The form comes back with both files, for another try; a project's files are always detected.
    assert.match(res.body, /<input id="filename-1" name="filename" type="text" maxlength="255" value="compose\.yaml"/);
    assert.match(res.body, /<select id="file_type-0" name="file_type" disabled>/);
    assert.match(res.body, /<textarea id="content-1"[^>]*>services:/);
  });

  it('adds a row without JavaScript, up to the project limit, and leaves empty rows out', async () => {
    const one = await postForm(rows(PROJECT.slice(0, 1), [['file_type', 'dockerfile'], ['add_file', '1']]));
    assert.equal(one.statusCode, 200);
    assert.doesNotMatch(one.body, /result-title/, 'nothing analyzed');
    assert.match(one.body, /<legend>File 1<\/legend>[^]*<textarea id="content-0"[^>]*>FROM node:24-alpine/);
    assert.match(one.body, /<legend>File 2<\/legend>\s*<div class="row-fields">\s*<div>\s*<label for="filename-1">File name<\/label>\s*<input id="filename-1" name="filename" type="text" maxlength="255" value="" spellcheck="false" autocomplete="off" autofocus>/);
    assert.match(one.body, /<select id="file_type-0" name="file_type" disabled><option value="auto">Detect automatically<\/option><option value="dockerfile" selected>/);
    assert.equal(one.body.match(/class="file-row"/g)?.length, 2);
    const ten = Array.from({ length: 10 }, (_, i) => ({ filename: `Dockerfile.${i}`, content: 'FROM alpine:3.22\n' }));
    const full = await postForm(rows(ten, [['add_file', '1']]));
    assert.equal(full.statusCode, 422);
    assert.equal(alertOf(full.body), 'A project takes at most 10 files.');
    assert.equal(full.body.match(/class="file-row"/g)?.length, 10);
    // A second row left empty: the first file alone, with the type its select would send.
    const blank = await postForm(rows([...PROJECT.slice(0, 1), { filename: ' ', content: '' }]));
    assert.equal(blank.statusCode, 200);
    assert.match(blank.body, /<h2 id="result-title">Result for Dockerfile<\/h2>/);
  });

  it('refuses a project as POST /api/analyze-project does: same status, same message with file names for indexes', async () => {
    const df = (filename: string, content = 'FROM alpine:3.22\n') => ({ filename, content });
    const cases = [
      [df('Dockerfile'), df('Dockerfile', 'FROM node:24\n')],
      Array.from({ length: 11 }, (_, i) => df(`Dockerfile.${i}`)),
      [df('Dockerfile'), df('app.Dockerfile', `FROM alpine\n${'#'.repeat(100_000)}`)],
      Array.from({ length: 6 }, (_, i) => df(`Dockerfile.${i}`, `FROM alpine\n${'#'.repeat(90_000)}`)),
      [df('Dockerfile'), df('notes.txt', 'just some words')],
    ];
    const codes = [];
    for (const files of cases) {
      const api = await t.app.inject({ method: 'POST', url: '/api/analyze-project', payload: { files } });
      const page = await postForm(rows(files));
      assert.equal(page.statusCode, api.statusCode, api.json().error.code);
      assert.equal(alertOf(page.body), withFileNames(api.json().error.message, files), api.json().error.code);
      assert.doesNotMatch(page.body, /result-title/);
      codes.push(api.json().error.code);
    }
    assert.deepEqual(codes, ['duplicate_filename', 'too_many_files', 'file_too_large', 'project_too_large', 'unsupported_file_type']);
    assert.equal(alertOf((await postForm(rows(cases[4]!))).body), 'notes.txt is not a supported file type; accepted file_type values: auto, dockerfile, compose, github-workflow, github-action, dockerignore, dotenv.');
    assert.equal(alertOf((await postForm(rows(cases[0]!))).body), 'Dockerfile repeats Dockerfile; file names must be unique in a project.');
    const nameless = await postForm(rows([df('Dockerfile'), df('', 'FROM node:24\n')]));
    assert.equal(nameless.statusCode, 422);
    assert.equal(alertOf(nameless.body), 'File 2 has no name: name it like Dockerfile or compose.yaml, so its type can be detected.');
    const unpaired = await postForm([['filename', 'Dockerfile'], ['filename', 'compose.yaml'], ['content', 'FROM alpine']]);
    assert.equal(unpaired.statusCode, 400);
    assert.equal(alertOf(unpaired.body), 'The form could not be read; reload the page and send it again.');
  });

  it('answers an analysis that fails on its thread with an error page, for one file and for a project', async () => {
    const slow = await startTestApp({ PUBLIC_BASE_URL: BASE, ANALYSIS_TIMEOUT_MS: '1' });
    try {
      const content = `FROM alpine:3.22\n${'RUN apk add --no-cache curl\n'.repeat(1500)}`;
      const form = (fields: [string, string][]) =>
        slow.app.inject({ method: 'POST', url: '/analyze', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' }, payload: new URLSearchParams(fields).toString() });
      const one = await form([['filename', 'Dockerfile'], ['file_type', 'auto'], ['content', content]]);
      assert.equal(one.statusCode, 503);
      const failed = /^The analysis could not be completed; nothing was counted\. Retry, and quote the request id if it keeps happening\. Request id: req_[0-9a-f]{16}\.$/;
      assert.match(alertOf(one.body) ?? '', failed);
      const project = await form([['filename', 'Dockerfile'], ['content', content], ['filename', 'compose.yaml'], ['content', 'services:\n  web:\n    build: .\n']]);
      assert.equal(project.statusCode, 503);
      assert.match(alertOf(project.body) ?? '', failed);
      assert.doesNotMatch(one.body + project.body, /result-title/);
    } finally {
      await slow.close();
    }
  });

  it('serves its assets from this origin only', async () => {
    for (const [name, type] of [['site.css', 'text/css'], ['analyzer.js', 'text/javascript'], ['report.js', 'text/javascript'], ['html.js', 'text/javascript'], ['icon.svg', 'image/svg\\+xml']]) {
      const res = await get(`/assets/${name}`);
      assert.equal(res.statusCode, 200, name);
      assert.match(String(res.headers['content-type']), new RegExp(`^${type}`), name);
      assert.doesNotMatch(res.body, /https?:\/\/(?!www\.w3\.org\/2000\/svg)/, `${name} loads nothing from elsewhere`);
    }
    assert.equal((await get('/assets/nope.js')).statusCode, 404);
  });
});

describe('rule reference', () => {
  const ids = (body: string) => [...body.matchAll(/<td><a href="\/rules\/([A-Z]{3}\d{3})">/g)].map((m) => m[1]);

  it('lists every rule, and filters on the server by search, target, severity and category', async () => {
    assert.deepEqual(ids((await get('/rules')).body), ALL_RULES.map((m) => m.id));
    const critical = ids((await get('/rules?severity=critical')).body);
    assert.deepEqual(critical, ALL_RULES.filter((m) => m.severity === 'critical').map((m) => m.id));
    assert.ok(critical.length > 0);
    const scan = await get('/rules?target=scan&category=security');
    assert.deepEqual(ids(scan.body), ALL_RULES.filter((m) => m.target === 'scan' && m.category === 'security').map((m) => m.id));
    assert.match(scan.body, /<option value="scan" selected>Domain scan<\/option>/);
    const search = ids((await get('/rules?q=DL3007')).body);
    assert.deepEqual(search, ALL_RULES.filter((m) => m.equivalents.includes('hadolint:DL3007')).map((m) => m.id));
    const words = ids((await get('/rules?q=hard-coded+secret')).body);
    assert.ok(words.includes('CGD030'));
    assert.ok(!words.includes('CGD002'));
  });

  it('shows an empty state, and ignores filter values it does not offer', async () => {
    const none = await get('/rules?q=zzzz-no-such-rule');
    assert.match(none.body, /No rule matches these filters/);
    assert.match(none.body, /0 of \d+ rules match/);
    assert.deepEqual(ids((await get('/rules?severity=bogus&target=%3Cx%3E')).body), ALL_RULES.map((m) => m.id));
  });

  it('has a page for every rule id, scan rules included, with its metadata', async () => {
    for (const m of ALL_RULES) {
      const res = await get(`/rules/${m.id}`);
      assert.equal(res.statusCode, 200, m.id);
      assert.ok(res.body.includes(`<span class="badge sev-${m.severity}">${m.severity}</span>`), m.id);
      assert.match(res.body, /<h2 id="fix">How to fix<\/h2>/, m.id);
      for (const c of m.cwe ?? []) assert.ok(res.body.includes(`https://cwe.mitre.org/data/definitions/${c.slice(4)}.html`), `${m.id} ${c}`);
      for (const r of m.references) assert.ok(res.body.includes(`href="${r.replace(/&/g, '&#38;')}"`), `${m.id} ${r}`);
      if (m.examples.bad.length) assert.match(res.body, /<h2 id="bad">Reported<\/h2>/, m.id);
    }
    const hadolint = ALL_RULES.find((m) => m.equivalents.includes('hadolint:DL3007'))!;
    assert.match((await get(`/rules/${hadolint.id}`)).body, /<a href="https:\/\/github.com\/hadolint\/hadolint\/wiki\/DL3007"><code>hadolint:DL3007<\/code><\/a>/);
  });

  it('redirects other spellings of an id, and answers 404 for unknown ids', async () => {
    const lower = await get('/rules/cgd001');
    assert.equal(lower.statusCode, 301);
    assert.equal(lower.headers['location'], '/rules/CGD001');
    const unknown = await get('/rules/%3Cb%3E');
    assert.equal(unknown.statusCode, 404);
    assert.match(unknown.body, /No rule has the id &#60;b&#62;/);
  });

  it("every finding's help_url is a rule page", async () => {
    const content = 'FROM ubuntu:latest\nUSER root\nRUN curl -k https://x.example/i.sh | sh\nENV PASSWORD=hunter2hunter2\nADD . /app\n';
    const { data } = (await t.app.inject({ method: 'POST', url: '/api/analyze', payload: { filename: 'Dockerfile', file_type: 'auto', content } })).json();
    assert.ok(data.findings.length >= 4);
    for (const f of data.findings) {
      const url = new URL(f.help_url);
      assert.equal(url.origin, BASE);
      assert.equal((await get(url.pathname)).statusCode, 200, f.help_url);
    }
  });
});

describe('developer usage page', () => {
  async function signedIn() {
    const partner = await partnerWithKey(t.store.db, t.config);
    const token = await createSession(t.store.db, partner.account.id, t.clock.now);
    return { ...partner, cookie: `cg_session=${token}` };
  }

  it('charts scans per day this month and lists recent scans with status and score', async () => {
    const p = await signedIn();
    const now = t.clock.now;
    const day = (d: number, h = 12) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), d, h));
    const insert = (id: number, at: Date, status: string, result: object | null, error?: string) =>
      t.store.db.query(
        `INSERT INTO scans (id, account_id, key_id, domain, status, created_at, finished_at, result, error_code, error_message) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [`scan_${String(id).padStart(32, '0')}`, p.account.id, p.keyId, `site${id}.example`, status, at, status === 'queued' ? null : at, result ? JSON.stringify(result) : null, error ?? null, error ? 'failed' : null],
      );
    await insert(1, day(1, 0), 'completed', { score: 91, grade: 'A' });
    await insert(2, day(1, 23), 'failed', null, 'dns_failed');
    await insert(3, day(2), 'queued', null);
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 20));
    await insert(4, lastMonth, 'completed', { score: 10, grade: 'F' });

    const res = await get('/developer/usage', { cookie: p.cookie });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<title>\d{4}-\d{2}-01: 2 scans<\/title>/);
    assert.match(res.body, /<title>\d{4}-\d{2}-02: 1 scan<\/title>/);
    assert.match(res.body, /<figcaption id="chart-summary">3 scans in \w+ \d{4}; the busiest day was \d{4}-\d{2}-01 with 2\.<\/figcaption>/);
    const bars = [...res.body.matchAll(/<rect class="bar" x="\d+" y="(\d+)" width="18" height="(\d+)">/g)].map((m) => Number(m[2]));
    assert.equal(bars[0], 100, 'the busiest day fills the plot');
    assert.equal(bars[1], 50);
    assert.equal(bars.slice(2).reduce((a, b) => a + b, 0), 0);
    assert.match(res.body, /<th scope="row">site1\.example<\/th>[\s\S]*?<span class="status-completed">completed<\/span>[\s\S]*?91 \(A\)/);
    assert.match(res.body, /<span class="status-failed">failed<\/span> <code>dns_failed<\/code>/);
    assert.ok(res.body.includes('site4.example'), 'the history is not limited to this month');
    assert.doesNotMatch(res.body, /No scans yet/);
  });

  it('has empty states without scans', async () => {
    const p = await signedIn();
    const res = await get('/developer/usage', { cookie: p.cookie });
    assert.match(res.body, /No scans in \w+ \d{4} so far\./);
    assert.match(res.body, /No scans yet\./);
  });
});
