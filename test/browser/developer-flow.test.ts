// The developer area in a real browser (Debian chromium through playwright-core) against the real service:
// sign-up → operator approval (admin CLI makes the operator, the operator approves on the operator page) →
// create a key → use it on /api/v1/usage → revoke with confirmation → the key gets 401.
// Screenshots go to test-output/screenshots/.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { launchPersistentContext } from '../support/browser.ts';
import { createEmptyStore, STORE } from '../support/store.ts';
import { run, startService, stop } from '../accounts-fixtures.ts';

const SHOTS = path.resolve('test-output/screenshots');
const PASSWORD = 'a long enough passphrase';

let store: Awaited<ReturnType<typeof createEmptyStore>>;
let service: Awaited<ReturnType<typeof startService>>;
let context: BrowserContext;
let profile: string;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  store = await createEmptyStore();
  service = await startService(store.env);
  profile = mkdtempSync(path.join(tmpdir(), 'confgate-chromium-'));
  context = await launchPersistentContext(profile);
});
after(async () => {
  await context?.close();
  rmSync(profile, { recursive: true, force: true });
  await stop(service.child);
  await store.remove();
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `developer-${STORE}-${name}.png`), fullPage: true });
}

async function signUp(page: Page, email: string) {
  await page.goto(`${service.url}/developer/signup`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/developer/keys');
}

async function signIn(page: Page, email: string) {
  await page.goto(`${service.url}/developer/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  // Keyboard only: Enter submits the form.
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL('**/developer/keys');
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/developer/login');
}

const usage = (key: string) => fetch(`${service.url}/api/v1/usage`, { headers: { authorization: `Bearer ${key}` } });

describe(`developer area in chromium (${STORE})`, () => {
  it('sign-up → approval → key → API call → revoke → 401', async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));

    await signUp(page, 'operator@example.test');
    await signOut(page);
    for (const args of [['account', 'approve'], ['account', 'set-operator']]) {
      const res = await run([...args, '--email', 'operator@example.test', '--json'], store.env);
      assert.equal(res.code, 0, res.stderr);
    }

    await signUp(page, 'partner@example.test');
    await assert.doesNotReject(page.getByText('Your account awaits approval').waitFor());
    assert.equal(await page.getByRole('button', { name: 'Create a key' }).count(), 0);
    await shot(page, '1-pending');
    await signOut(page);

    await signIn(page, 'operator@example.test');
    await page.getByRole('link', { name: 'Operator' }).click();
    await page.getByRole('button', { name: 'Approve partner@example.test' }).click();
    await page.getByText('partner@example.test is now approved.').waitFor();
    await shot(page, '2-operator-approved');
    await signOut(page);

    await signIn(page, 'partner@example.test');
    await page.getByRole('button', { name: 'Create a key' }).click();
    const key = await page.getByLabel('API key').inputValue();
    assert.match(key, /^svc_live_[0-9A-Za-z]{38}$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.locator('#copy-status').filter({ hasText: /Cop/ }).waitFor();
    await shot(page, '3-key-created');

    const ok = await usage(key);
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get('x-ratelimit-limit'), '100');

    await page.getByRole('link', { name: 'Usage' }).click();
    await page.getByText('No scans yet').waitFor();
    await shot(page, '4-usage');

    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('link', { name: `Revoke key ${key.slice(0, 13)}` }).click();
    await page.getByRole('heading', { name: 'Revoke this key?' }).waitFor();
    await shot(page, '5-revoke-confirm');
    assert.equal((await usage(key)).status, 200, 'not revoked before confirming');
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('revoked. Requests with it are refused').waitFor();
    await shot(page, '6-revoked');

    const refused = await usage(key);
    assert.equal(refused.status, 401);
    assert.equal(((await refused.json()) as { error: { code: string } }).error.code, 'unauthorized');
    assert.deepEqual(errors, [], 'no console errors (CSP violations would show here)');
  });
});
