// npm test: store-agnostic — page layout and accessibility; the sign-up it takes to reach the developer pages is the accounts' flow that test/accounts-web.test.ts checks on each store.
// Every page on a phone and in dark mode, in a real browser against the real service: at 360 px wide no page
// scrolls sideways (long file names, long lines and long tokens in a result included), and each page passes
// axe-core in the light and the dark colour scheme, with the dark palette really applied.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assertAccessible, launchBrowser } from '../support/browser.ts';
import { createEmptyStore, STORE } from '../support/store.ts';
import { run, startService, stop } from '../accounts-fixtures.ts';

const SHOTS = path.resolve('test-output/screenshots');
const PHONE = { width: 360, height: 740 };
const PASSWORD = 'a long enough passphrase';
const LONG_NAME = `services/${'payments-gateway-'.repeat(10)}api/docker/Dockerfile.production`;
/** Long lines, a long unbroken token (also in the secret finding's message), many findings. */
const LONG_DOCKERFILE = [
  'FROM ubuntu:latest',
  `RUN apt-get update && apt-get install -y ${Array.from({ length: 30 }, (_, i) => `package-number-${i}`).join(' ')}`,
  `ENV API_TOKEN_${'X'.repeat(120)}=${'s3cr3t'.repeat(30)}`,
  `RUN curl -k https://downloads.example.org/${'very/long/path/'.repeat(12)}install.sh | sh`,
  'ADD https://example.org/app.tar.gz /opt/',
  'EXPOSE 22',
  'CMD npm start',
].join('\n') + '\n';
const COMPOSE = `services:\n  web:\n    build: .\n    privileged: true\n    image: registry.example.org/${'team/'.repeat(20)}web:latest\n    ports:\n      - "8080:80"\n`;

let store: Awaited<ReturnType<typeof createEmptyStore>>;
let service: Awaited<ReturnType<typeof startService>>;
let browser: Browser;
let phone: BrowserContext;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  store = await createEmptyStore();
  service = await startService(store.env);
  browser = await launchBrowser();
  phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  phone.setDefaultTimeout(15_000);
});
after(async () => {
  await phone?.close();
  await browser?.close();
  if (service) await stop(service.child);
  await store?.remove();
});

/** How far the page scrolls sideways: 0 when nothing is wider than the viewport. */
async function overflow(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  return page.evaluate(() => {
    const el = (globalThis as any).document.scrollingElement;
    return { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth };
  });
}

/** The pages to check, reached as a visitor would; each function leaves the page showing it. */
function visits(page: Page): [string, () => Promise<unknown>][] {
  const go = (url: string) => () => page.goto(`${service.url}${url}`);
  const post = (files: { filename: string; content: string }[]) => async () => {
    // The server-rendered result (the no-JavaScript path), posted natively: form.submit() skips the script.
    await page.goto(`${service.url}/`);
    await page.locator('#analyze-form').evaluate((form: any, rows: { filename: string; content: string }[]) => {
      const doc = form.ownerDocument;
      form.querySelector('#files').replaceChildren();
      for (const row of rows) {
        for (const [name, value] of Object.entries(row)) {
          form.append(Object.assign(doc.createElement(name === 'content' ? 'textarea' : 'input'), { name, value }));
        }
      }
      form.submit();
    }, files);
    await page.getByRole('heading', { name: /^Result for/ }).waitFor();
  };
  return [
    ['home', go('/')],
    ['result, long names and lines (server-rendered)', post([{ filename: LONG_NAME, content: LONG_DOCKERFILE }])],
    ['project result (server-rendered)', post([{ filename: LONG_NAME, content: LONG_DOCKERFILE }, { filename: 'compose.yaml', content: COMPOSE }])],
    ['result in place (script)', async () => {
      await page.goto(`${service.url}/`);
      await page.getByLabel('File name').fill(LONG_NAME);
      await page.getByLabel('Content').fill(LONG_DOCKERFILE);
      await page.getByRole('button', { name: 'Analyze' }).click();
      await page.getByRole('heading', { name: /^Result for/ }).waitFor();
    }],
    ['rules', go('/rules')],
    ['rules filtered', go('/rules?q=secret&severity=high')],
    ['rule page', go('/rules/CGD030')],
    ['scan rule page', go('/rules/CGS004')],
    ['not found', go('/rules/NOPE999')],
    ['sign in', go('/developer/login')],
    ['sign up', go('/developer/signup')],
    ['API keys with a new key', async () => {
      await page.goto(`${service.url}/developer/keys`);
      await page.getByRole('button', { name: 'Create a key' }).click();
      await page.getByLabel('API key').waitFor();
    }],
    ['revoke confirmation', async () => {
      await page.goto(`${service.url}/developer/keys`);
      // Followed by its address: the check is of the page it opens.
      await page.goto(`${service.url}${await page.getByRole('link', { name: /^Revoke key/ }).first().getAttribute('href')}`);
      await page.getByRole('heading', { name: 'Revoke this key?' }).waitFor();
    }],
    ['usage', go('/developer/usage')],
    ['operator', go('/operator')],
    ['API reference', async () => {
      await page.goto(`${service.url}/docs/`);
      await page.locator('.opblock').first().waitFor();
    }],
  ];
}

describe(`every page at 360 px and in dark mode (${STORE})`, () => {
  before(async () => {
    // An approved operator, signed in in the phone's context: the developer area and the operator page.
    const page = await phone.newPage();
    await page.goto(`${service.url}/developer/signup`);
    await page.getByLabel('E-mail').fill('phone@example.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/developer/keys');
    for (const args of [['account', 'approve'], ['account', 'set-operator']]) {
      const res = await run([...args, '--email', 'phone@example.test', '--json'], store.env);
      assert.equal(res.code, 0, res.stderr);
    }
    await page.close();
  });

  it('no page is wider than the screen', async () => {
    const page = await phone.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && !m.text().includes('404') && errors.push(m.text()));
    const wide: string[] = [];
    for (const [name, visit] of visits(page)) {
      await visit();
      const { scrollWidth, clientWidth } = await overflow(page);
      if (scrollWidth > clientWidth) wide.push(`${name}: ${scrollWidth} px in ${clientWidth}`);
      await page.screenshot({ path: path.join(SHOTS, `phone-${STORE}-${name.replace(/\W+/g, '-')}.png`), timeout: 60_000 });
    }
    assert.deepEqual(wide, []);
    assert.deepEqual(errors, [], 'no console errors (CSP violations would show here)');
    await page.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`every page passes axe-core in the ${scheme} colour scheme`, async () => {
      const page = await phone.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      for (const [name, visit] of visits(page)) {
        await visit();
        // Swagger UI is Swagger's, with its own (light) styles: its page is checked for width only.
        if (name === 'API reference') continue;
        const background = await page.evaluate(() => (globalThis as any).getComputedStyle((globalThis as any).document.body).backgroundColor as string);
        const [r = 0, g = 0, b = 0] = (background.match(/\d+/g) ?? []).map(Number);
        const luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
        assert.ok(scheme === 'dark' ? luminance < 0.2 : luminance > 0.9, `${name}: the ${scheme} palette applies (background ${background})`);
        await assertAccessible(page, `${name} (${scheme})`);
        if (scheme === 'dark') await page.screenshot({ path: path.join(SHOTS, `dark-${STORE}-${name.replace(/\W+/g, '-')}.png`), timeout: 60_000 });
      }
      await page.close();
    });
  }
});
