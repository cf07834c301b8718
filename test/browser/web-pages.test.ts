// npm test: store-agnostic — the pages in a browser; the developer area's sign-in and empty states it renders are checked on each store by test/accounts-web.test.ts and test/web-pages.test.ts.
// The public pages in a real browser (Debian chromium through playwright-core) against the real service:
// analyze a pasted file end to end, a multi-file project from the file picker, the error states (too large in
// the browser and on the server, unsupported type, service errors), downloads, the rule reference, the form
// without JavaScript (one file, and a project), and the developer area's usage page. axe-core runs on every page: no serious or critical
// violations. Screenshots go to test-output/screenshots/.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assertAccessible, launchBrowser } from '../support/browser.ts';
import { createEmptyStore, STORE } from '../support/store.ts';
import { startService, stop } from '../accounts-fixtures.ts';

const SHOTS = path.resolve('test-output/screenshots');
const DOCKERFILE = 'FROM ubuntu:latest\nRUN apt-get update\nENV API_TOKEN=abc123secretvalue\nCMD ["sh"]\n';
const COMPOSE = 'services:\n  web:\n    build: .\n    privileged: true\n    ports:\n      - "8080:80"\n';

let store: Awaited<ReturnType<typeof createEmptyStore>>;
let service: Awaited<ReturnType<typeof startService>>;
let browser: Browser;
let context: BrowserContext;
let downloads: string;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  downloads = mkdtempSync(path.join(tmpdir(), 'confgate-downloads-'));
  store = await createEmptyStore();
  service = await startService(store.env);
  browser = await launchBrowser({ downloadsPath: downloads });
  context = await browser.newContext({ acceptDownloads: true });
  context.setDefaultTimeout(10_000);
});
after(async () => {
  await context?.close();
  await browser?.close();
  rmSync(downloads, { recursive: true, force: true });
  await stop(service.child);
  await store.remove();
});

async function shot(page: Page, name: string) {
  // Full pages are tall (a result shows the whole file): a screenshot may take a while on a loaded machine.
  await page.screenshot({ path: path.join(SHOTS, `web-${STORE}-${name}.png`), fullPage: true, timeout: 60_000 });
}

/** A page that records console errors (CSP violations show up there) and requests to the API. */
async function open(url: string, ctx = context) {
  const page = await ctx.newPage();
  const errors: string[] = [];
  const apiCalls: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('request', (r) => r.url().includes('/api/') && apiCalls.push(r.url()));
  await page.goto(`${service.url}${url}`);
  return { page, errors, apiCalls };
}

async function apiReport(body: object, endpoint = '/api/analyze') {
  const res = await fetch(`${service.url}${endpoint}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return ((await res.json()) as { data: any }).data;
}

describe(`public pages in chromium (${STORE})`, () => {
  it('analyzes a pasted Dockerfile: score, grade, findings by severity, marked line, fix, rule link, downloads', async () => {
    const { page, errors } = await open('/');
    await assertAccessible(page, 'home');
    await shot(page, '1-home');
    await page.getByLabel('Content').fill(DOCKERFILE);
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page.getByRole('heading', { name: 'Result for Dockerfile' }).waitFor();

    const expected = await apiReport({ filename: 'Dockerfile', file_type: 'auto', content: DOCKERFILE });
    assert.equal(await page.locator('.score-value').textContent(), String(expected.score));
    assert.equal(await page.locator('.grade strong').textContent(), expected.grade);
    assert.equal(await page.locator('.scorecard .scope').textContent(), 'Dockerfile, detected from its name', 'the type named as the type choice names it');
    assert.equal(await page.locator('li.finding').count(), expected.findings.length);
    const secret = page.locator('li.finding', { has: page.getByRole('link', { name: 'CGD030' }) });
    assert.equal(await secret.locator('mark').textContent(), 'API_TOKEN');
    assert.equal(await secret.locator('.line.hit .ln').textContent(), '3');
    assert.match(await secret.locator('.fix').textContent() ?? '', /Fix: Pass the secret at run time/);
    const groups = await page.locator('.sev-group h3').allTextContents();
    assert.deepEqual(groups.map((g) => g.split(' ')[0]), ['High', 'Medium', 'Low', 'Info'].filter((s) => expected.summary[s.toLowerCase()] > 0));
    assert.ok(await page.locator('h2#result-title').evaluate((h) => h === (globalThis as any).document.activeElement), 'focus moves to the result');
    await assertAccessible(page, 'home with result');
    await shot(page, '2-result');

    const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'JSON report' }).click()]);
    assert.equal(JSON.parse(readFileSync(await json.path(), 'utf8')).score, expected.score);
    const [sarif] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'SARIF (code scanning)' }).click()]);
    assert.equal(sarif.suggestedFilename(), 'confgate.sarif');
    const log = JSON.parse(readFileSync(await sarif.path(), 'utf8'));
    assert.equal(log.version, '2.1.0');
    assert.equal(log.runs[0].results.length, expected.findings.length);

    await secret.getByRole('link', { name: 'CGD030' }).click();
    await page.getByRole('heading', { name: /CGD030/ }).waitFor();
    assert.deepEqual(errors, [], 'no console errors (CSP violations would show here)');
  });

  it('shows the whole file with its findings in place: marks jump to findings, findings to their lines, with and without JavaScript', async () => {
    const expected = await apiReport({ filename: 'Dockerfile', file_type: 'auto', content: DOCKERFILE });
    const lines = DOCKERFILE.split('\n').length - 1;
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    noJs.setDefaultTimeout(10_000);
    try {
      for (const ctx of [context, noJs]) {
        const { page, errors } = await open('/', ctx);
        await page.getByLabel('Content').fill(DOCKERFILE);
        await page.getByRole('button', { name: 'Analyze' }).click();
        await page.getByRole('heading', { name: 'Result for Dockerfile' }).waitFor();
        const source = page.locator('section.source');
        assert.equal(await source.locator('.src-line').count(), lines, 'every line of the file');
        assert.deepEqual(await source.locator('.src-line .ln').allTextContents(), Array.from({ length: lines }, (_, i) => String(i + 1)));
        const marks = source.locator('a.gmark');
        assert.equal(await marks.count(), expected.findings.length, 'a gutter mark per finding');
        // Each mark sits on the line its finding starts on, coloured by its severity.
        for (const f of expected.findings) {
          const mark = source.locator(`#file-1-line-${f.location.start_line} a.gmark[aria-label*="${f.rule_id}:"]`);
          assert.equal(await mark.count(), 1, `${f.rule_id} on line ${f.location.start_line}`);
          assert.match(await mark.getAttribute('class') ?? '', new RegExp(`sev-${f.severity}`));
          assert.equal(await mark.textContent(), f.severity[0].toUpperCase());
        }
        // A mark leads to its finding...
        const secretMark = source.locator('#file-1-line-3 a.gmark[aria-label*="CGD030"]');
        await secretMark.click();
        const target = new URL(page.url()).hash;
        const finding = page.locator(`li.finding${target}`);
        assert.match(await finding.locator('h4').textContent() ?? '', /^CGD030 /);
        assert.ok(await finding.isVisible() && await finding.evaluate((el) => el.matches(':target')));
        // ...and the finding's position back to its line.
        await finding.locator('.where a').click();
        assert.equal(new URL(page.url()).hash, '#file-1-line-3');
        assert.ok(await page.locator('#file-1-line-3').evaluate((el) => el.matches(':target') && el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < (globalThis as any).innerHeight));
        assert.match(await finding.locator('.peers').textContent() ?? '', /Same check in other tools: .*trivy:DS031/);
        assert.deepEqual(errors, []);
        if (ctx === context) await assertAccessible(page, 'result with the file in place');
      }
    } finally {
      await noJs.close();
    }
  });

  it('analyzes a project picked as files, with cross-file findings and per-file scores', async () => {
    const { page, errors, apiCalls } = await open('/');
    await page.setInputFiles('#file-picker', [
      { name: 'Dockerfile', mimeType: 'text/plain', buffer: Buffer.from(DOCKERFILE) },
      { name: 'compose.yaml', mimeType: 'text/plain', buffer: Buffer.from(COMPOSE) },
    ]);
    await page.locator('#filename-1').waitFor();
    assert.equal(await page.getByLabel('File name').count(), 2);
    assert.equal(await page.locator('#filename-0').inputValue(), 'Dockerfile');
    assert.ok(await page.locator('#file_type-0').isDisabled(), 'projects detect each type');
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page.getByRole('heading', { name: 'Result for 2 files' }).waitFor();
    const expected = await apiReport({ files: [{ filename: 'Dockerfile', content: DOCKERFILE }, { filename: 'compose.yaml', content: COMPOSE }] }, '/api/analyze-project');
    assert.equal(await page.locator('.score-value').textContent(), String(expected.score));
    assert.deepEqual(await page.locator('table.files tbody th').allTextContents(), ['Dockerfile', 'compose.yaml']);
    assert.deepEqual(await page.locator('table.files tbody td:nth-of-type(1)').allTextContents(), ['Dockerfile, detected from its name', 'Compose file, detected from its name']);
    const privileged = page.locator('li.finding', { hasText: 'compose.yaml, line 4' }).first();
    assert.equal(await privileged.locator('mark').count(), 1);
    assert.deepEqual(apiCalls, [`${service.url}/api/analyze-project`]);
    await assertAccessible(page, 'project result');
    await shot(page, '3-project');

    await page.getByRole('button', { name: 'Remove file 2' }).click();
    assert.equal(await page.getByLabel('File name').count(), 1);
    assert.ok(!(await page.locator('#file_type-0').isDisabled()));
    // With the script, "Add another file" adds the row in place instead of posting the form.
    await page.getByRole('button', { name: 'Add another file' }).click();
    assert.equal(await page.getByLabel('File name').count(), 2);
    assert.ok(await page.locator('#filename-2').evaluate((el) => el === (globalThis as any).document.activeElement), 'the new row takes the cursor');
    assert.equal(new URL(page.url()).pathname, '/');
    assert.deepEqual(errors, []);
  });

  it('refuses too large input in the browser, and shows the service refusing it too', async () => {
    const { page, apiCalls } = await open('/');
    await page.getByLabel('Content').fill(`FROM alpine\n${'#'.repeat(100_000)}`);
    await page.getByRole('button', { name: 'Analyze' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('Dockerfile is 100012 bytes; the limit is 100 KB (1 KB = 1000 bytes) per file.').waitFor();
    assert.equal(await page.getByLabel('Content').getAttribute('aria-invalid'), '');
    assert.deepEqual(apiCalls, [], 'nothing was sent');
    await shot(page, '4-too-large-client');

    // Were the browser's check skipped, the service still refuses, and the page says why.
    await page.locator('#analyze-form').evaluate((f) => f.setAttribute('data-max-file-bytes', '1000000000'));
    await page.getByLabel('Content').fill(`FROM alpine\n${'#'.repeat(100_000)}`);
    await page.getByRole('button', { name: 'Analyze' }).click();
    await alert.getByText(/content is 100012 bytes; the limit is 100 KB .*\(file_too_large; request req_[0-9a-f]{16}\)/).waitFor();
    assert.equal(apiCalls.length, 1);
  });

  it('explains an unsupported file and service failures', async () => {
    const { page } = await open('/');
    await page.getByLabel('File name').fill('notes.txt');
    await page.getByLabel('Content').fill('just some words');
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page.getByRole('alert').getByText(/is not a supported file type; accepted file_type values: auto, dockerfile, compose, github-workflow, github-action, dockerignore, dotenv\. \(unsupported_file_type/).waitFor();
    await shot(page, '5-unsupported');

    await page.getByLabel('File name').fill('Dockerfile');
    await page.getByLabel('Content').fill(DOCKERFILE);
    await page.route('**/api/analyze', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal_error', message: 'An unexpected error occurred; quote the request id to support.', request_id: 'req_0123456789abcdef' } }) }));
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page.getByRole('alert').getByText('An unexpected error occurred; quote the request id to support. (internal_error; request req_0123456789abcdef)').waitFor();
    await page.unroute('**/api/analyze');
    await page.route('**/api/analyze', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page.getByRole('alert').getByText('Could not reach the Confgate service. Check your connection and try again.').waitFor();
    assert.ok(await page.getByRole('button', { name: 'Analyze' }).isEnabled(), 'the form can be sent again');
    await shot(page, '6-service-error');
  });

  it('the rule reference: search and filters, then a rule page', async () => {
    const { page, errors } = await open('/rules');
    await assertAccessible(page, 'rules');
    await shot(page, '7-rules');
    await page.getByLabel('Search').fill('secret');
    await page.getByLabel('Severity').selectOption('high');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/\/rules\?q=secret&target=&severity=high&category=/);
    const count = await page.locator('table.rules tbody tr').count();
    assert.ok(count > 0);
    assert.match(await page.locator('#rule-count').textContent() ?? '', new RegExp(`^${count} of \\d+ rules match\\.$`));
    for (const badge of await page.locator('table.rules .badge').allTextContents()) assert.equal(badge, 'high');
    await shot(page, '8-rules-filtered');
    await page.getByRole('link', { name: 'CGD030' }).click();
    await page.getByRole('heading', { name: 'How to fix' }).waitFor();
    await assertAccessible(page, 'rule page');
    await shot(page, '9-rule');
    await page.goto(`${service.url}/rules/CGS004`);
    await page.getByRole('link', { name: 'CWE-79' }).waitFor();
    await page.goto(`${service.url}/rules/NOPE999`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await assertAccessible(page, '404');
    assert.deepEqual(errors.filter((e) => !e.includes('404')), []);
  });

  it('works without JavaScript: the form posts and the server renders the result', async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    noJs.setDefaultTimeout(10_000);
    try {
      const { page, apiCalls } = await open('/', noJs);
      assert.ok(await page.locator('.enhanced').isHidden(), 'drag-and-drop needs the script');
      await page.getByLabel('Content').fill(DOCKERFILE);
      await page.getByRole('button', { name: 'Analyze' }).click();
      await page.waitForURL('**/analyze');
      const expected = await apiReport({ filename: 'Dockerfile', file_type: 'auto', content: DOCKERFILE });
      assert.equal(await page.locator('.score-value').textContent(), String(expected.score));
      assert.equal(await page.locator('li.finding mark').first().isVisible(), true);
      assert.deepEqual(apiCalls, []);
      await shot(page, '10-nojs-result');
      await page.getByLabel('Content').fill(`FROM alpine\n${'#'.repeat(100_000)}`);
      await page.getByRole('button', { name: 'Analyze' }).click();
      await page.getByRole('alert').getByText('The content is 100012 bytes; the limit is 100 KB (1 KB = 1000 bytes) per file.').waitFor();
      await shot(page, '11-nojs-too-large');
    } finally {
      await noJs.close();
    }
    // axe needs script: the same server-rendered result, posted natively (form.submit() skips the page's handler).
    const { page } = await open('/');
    await page.getByLabel('Content').fill(DOCKERFILE);
    await Promise.all([page.waitForURL('**/analyze'), page.locator('#analyze-form').evaluate((f: any) => f.submit())]);
    await page.getByRole('heading', { name: 'Result for Dockerfile' }).waitFor();
    await assertAccessible(page, 'server-rendered result');
  });

  it('analyzes a project without JavaScript: "Add another file" posts the form, the server renders the project report', async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    noJs.setDefaultTimeout(10_000);
    try {
      const { page, apiCalls } = await open('/', noJs);
      await page.getByLabel('Content').fill(DOCKERFILE);
      await page.getByRole('button', { name: 'Add another file' }).click();
      await page.waitForURL('**/analyze');
      assert.equal(await page.getByLabel('File name').count(), 2);
      assert.equal(await page.locator('#content-0').inputValue(), DOCKERFILE, 'the first file is kept');
      assert.ok(await page.locator('#file_type-0').isDisabled(), 'projects detect each type');
      assert.equal(await page.locator('#filename-1').getAttribute('autofocus'), '', 'the new row takes the cursor');
      await page.locator('#filename-1').fill('compose.yaml');
      await page.locator('#content-1').fill(COMPOSE);
      await shot(page, '13-nojs-project-form');
      await page.getByRole('button', { name: 'Analyze' }).click();
      await page.getByRole('heading', { name: 'Result for 2 files' }).waitFor();
      const expected = await apiReport({ files: [{ filename: 'Dockerfile', content: DOCKERFILE }, { filename: 'compose.yaml', content: COMPOSE }] }, '/api/analyze-project');
      assert.equal(await page.locator('.score-value').textContent(), String(expected.score));
      assert.deepEqual(await page.locator('table.files tbody td:nth-child(3)').allTextContents(), expected.files.map((f: { report: { score: number } }) => String(f.report.score)));
      const count = expected.project_findings.length + expected.files.reduce((n: number, f: { report: { findings: unknown[] } }) => n + f.report.findings.length, 0);
      assert.equal(await page.locator('li.finding').count(), count);
      assert.equal(await page.locator('li.finding', { hasText: 'compose.yaml, line 4' }).first().locator('mark').count(), 1);
      assert.deepEqual(apiCalls, []);
      await shot(page, '14-nojs-project-result');
      // A duplicate name: the API's refusal, with the file names.
      await page.locator('#filename-1').fill('Dockerfile');
      await page.getByRole('button', { name: 'Analyze' }).click();
      await page.getByRole('alert').getByText('Dockerfile repeats Dockerfile; file names must be unique in a project.').waitFor();
    } finally {
      await noJs.close();
    }
    // axe needs script: the same server-rendered pages, posted natively (form.submit() skips the page's handlers).
    const { page, errors } = await open('/');
    await page.getByLabel('Content').fill(DOCKERFILE);
    await Promise.all([page.waitForURL('**/analyze'), page.locator('#analyze-form').evaluate((f: any) => {
      f.append(Object.assign(f.ownerDocument.createElement('input'), { type: 'hidden', name: 'add_file', value: '1' }));
      f.submit();
    })]);
    await page.locator('#filename-1').waitFor();
    await assertAccessible(page, 'form with an added row');
    await page.locator('#filename-1').fill('compose.yaml');
    await page.locator('#content-1').fill(COMPOSE);
    await Promise.all([page.waitForURL('**/analyze'), page.locator('#analyze-form').evaluate((f: any) => f.submit())]);
    await page.getByRole('heading', { name: 'Result for 2 files' }).waitFor();
    await assertAccessible(page, 'server-rendered project result');
    // The script takes over the server's rows: the second can be removed.
    await page.getByRole('button', { name: 'Remove file 2' }).click();
    assert.equal(await page.getByLabel('File name').count(), 1);
    assert.deepEqual(errors, []);
  });

  it('the API reference (/docs) renders every operation under the CSP, the analysis API first, and calls the API', async () => {
    const { page, errors } = await open('/docs/');
    const doc = (await (await fetch(`${service.url}/openapi.json`)).json()) as { paths: Record<string, object>; webhooks: Record<string, object> };
    const operations = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0) + Object.keys(doc.webhooks).length;
    await page.locator('.opblock').first().waitFor();
    assert.equal(await page.locator('.opblock').count(), operations);
    assert.deepEqual(await page.locator('.opblock-tag[data-tag]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tag'))), ['analysis', 'rules', 'partner', 'operations']);
    // Try it out: an operation opens, and its request goes through the page's connect-src.
    const analyze = page.locator('#operations-analysis-analyzeFile');
    await analyze.locator('.opblock-summary').click();
    await analyze.getByRole('button', { name: 'Try it out' }).click();
    await analyze.locator('textarea.body-param__text').fill(JSON.stringify({ filename: 'Dockerfile', file_type: 'auto', content: 'FROM alpine:latest\n' }));
    await analyze.getByRole('button', { name: 'Execute' }).click();
    await analyze.locator('.live-responses-table .response-col_status', { hasText: '200' }).waitFor();
    await shot(page, '15-api-reference');
    assert.deepEqual(errors, [], 'no console errors (CSP violations would show here)');
  });

  it('the developer area: sign-in page, usage page with chart and empty states', async () => {
    const { page, errors } = await open('/developer/login');
    await assertAccessible(page, 'sign-in');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByLabel('E-mail').fill('chart@example.test');
    await page.getByLabel('Password').fill('a long enough passphrase');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/developer/keys');
    await page.getByText('No keys yet.').waitFor();
    await assertAccessible(page, 'keys');
    await page.getByRole('link', { name: 'Usage' }).click();
    await page.getByText(/No scans in \w+ \d{4} so far\./).waitFor();
    assert.equal(await page.locator('.chart rect.bar').count() >= 28, true, 'one bar per day of the month');
    await page.getByText('No scans yet.').waitFor();
    await assertAccessible(page, 'usage');
    await shot(page, '12-developer-usage');
    assert.deepEqual(errors, []);
  });
});
