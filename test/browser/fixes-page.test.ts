// npm test: store-agnostic — the analyzer page in a browser; nothing read or asserted depends on the store.
// The analyzer page's safe fixes in a real browser (Debian chromium through playwright-core) against the real service
// (issue 23): the diff view of each corrected file and "Download fixed …", for one file and for a project, with and
// without JavaScript; axe-core finds no serious or critical violation and the CSP no violation.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assertAccessible, launchBrowser } from '../support/browser.ts';
import { createEmptyStore, STORE } from '../support/store.ts';
import { startService, stop } from '../accounts-fixtures.ts';

const SHOTS = path.resolve('test-output/screenshots');
const DOCKERFILE = 'FROM debian:12\nMAINTAINER ops@example.com\nRUN apt-get install -y curl\nUSER app\n';
const FIXED = 'FROM debian:12\nLABEL org.opencontainers.image.authors="ops@example.com"\nRUN apt-get install --no-install-recommends -y curl\nUSER app\n';
const COMPOSE = 'version: "3.9"\nservices:\n  web:\n    build: .\n';

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

async function open(url: string, ctx = context) {
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${service.url}${url}`);
  return { page, errors };
}

async function download(page: Page, name: string): Promise<{ file: string; content: string }> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return { file: d.suggestedFilename(), content: readFileSync(await d.path(), 'utf8') };
}

describe(`the analyzer page's safe fixes in chromium (${STORE})`, () => {
  it('one file: the diff of the corrected file, and its download', async () => {
    const { page, errors } = await open('/');
    await page.getByLabel('Content').fill(DOCKERFILE);
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page.getByRole('heading', { name: 'Safe fixes' }).waitFor();
    const file = page.locator('.fixed-file');
    assert.match(await file.locator('h3').textContent() ?? '', /^Dockerfile: 2 fixes, score \d+ \(was \d+\), \d+ findings? left$/);
    const diff = file.locator('pre.diff');
    assert.deepEqual(await diff.locator('.line.del .text').allTextContents(), ['MAINTAINER ops@example.com', 'RUN apt-get install -y curl']);
    assert.deepEqual(await diff.locator('.line.add .text').allTextContents(), ['LABEL org.opencontainers.image.authors="ops@example.com"', 'RUN apt-get install --no-install-recommends -y curl']);
    // Context around the changes: the unchanged lines are shown, unmarked.
    assert.deepEqual(await diff.locator('.line:not(.add):not(.del) .text').allTextContents(), ['FROM debian:12', 'USER app']);
    const fixed = await download(page, 'Download fixed Dockerfile');
    assert.deepEqual(fixed, { file: 'Dockerfile', content: FIXED });
    await assertAccessible(page, 'result with fixes');
    await page.screenshot({ path: path.join(SHOTS, `web-${STORE}-fixes.png`), fullPage: true, timeout: 60_000 });
    assert.deepEqual(errors, [], 'no console errors (CSP violations would show here)');
  });

  it('a project picked as files: a diff and a download per fixed file; a clean file gets none', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'confgate-pick-'));
    try {
      writeFileSync(path.join(dir, 'Dockerfile'), DOCKERFILE);
      writeFileSync(path.join(dir, 'compose.yaml'), COMPOSE);
      writeFileSync(path.join(dir, 'clean.Dockerfile'), 'FROM debian:12\nUSER app\n');
      const { page, errors } = await open('/');
      await page.locator('#file-picker').setInputFiles(['Dockerfile', 'compose.yaml', 'clean.Dockerfile'].map((f) => path.join(dir, f)));
      await page.getByRole('button', { name: 'Analyze' }).click();
      await page.getByRole('heading', { name: 'Safe fixes' }).waitFor();
      assert.equal(await page.locator('.fixed-file').count(), 2);
      assert.deepEqual(await page.locator('.fixed-file').filter({ hasText: 'compose.yaml' }).locator('.line.del .text').allTextContents(), ['version: "3.9"']);
      const compose = await download(page, 'Download fixed compose.yaml');
      assert.deepEqual(compose, { file: 'compose.yaml', content: 'services:\n  web:\n    build: .\n' });
      assert.equal((await download(page, 'Download fixed Dockerfile')).content, FIXED);
      assert.equal(await page.getByRole('link', { name: 'Download fixed clean.Dockerfile' }).count(), 0);
      await assertAccessible(page, 'project with fixes');
      assert.deepEqual(errors, []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('Analyze pressed while picked files are still being read: the analysis waits for them and has every file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'confgate-pick-'));
    const slow = await browser.newContext({ acceptDownloads: true });
    slow.setDefaultTimeout(10_000);
    try {
      writeFileSync(path.join(dir, 'Dockerfile'), DOCKERFILE);
      writeFileSync(path.join(dir, 'compose.yaml'), COMPOSE);
      // Reading a picked file takes 400 ms in this browser: long after the click below.
      await slow.addInitScript(() => {
        const text = Blob.prototype.text;
        Blob.prototype.text = function (this: Blob) {
          return new Promise<void>((resolve) => setTimeout(resolve, 400)).then(() => text.call(this));
        };
      });
      const { page, errors } = await open('/', slow);
      await page.locator('#file-picker').setInputFiles(['Dockerfile', 'compose.yaml'].map((f) => path.join(dir, f)));
      await page.getByRole('button', { name: 'Analyze' }).click();
      await page.getByRole('heading', { name: 'Safe fixes' }).waitFor();
      assert.deepEqual(await page.locator('.fixed-file h3').allTextContents().then((t) => t.map((h) => h.split(':')[0])), ['Dockerfile', 'compose.yaml']);
      assert.equal(await page.locator('#form-errors').isHidden(), true);
      assert.deepEqual(errors, []);
    } finally {
      await slow.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without JavaScript: the server-rendered result has the same diff and download', async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false, acceptDownloads: true });
    noJs.setDefaultTimeout(10_000);
    try {
      const { page } = await open('/', noJs);
      await page.getByLabel('Content').fill(DOCKERFILE);
      await Promise.all([page.waitForURL('**/analyze'), page.getByRole('button', { name: 'Analyze' }).click()]);
      await page.getByRole('heading', { name: 'Safe fixes' }).waitFor();
      const diff = page.locator('.fixed-file pre.diff');
      assert.deepEqual(await diff.locator('.line.add .text').allTextContents(), ['LABEL org.opencontainers.image.authors="ops@example.com"', 'RUN apt-get install --no-install-recommends -y curl']);
      assert.deepEqual(await download(page, 'Download fixed Dockerfile'), { file: 'Dockerfile', content: FIXED });
    } finally {
      await noJs.close();
    }
  });
});
