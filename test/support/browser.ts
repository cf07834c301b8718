// The browser tests' Chromium (through playwright-core, no bundled browser) and the checks every page gets.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, LaunchOptions, Page } from 'playwright-core';
import { CHROMIUM } from './chromium.ts';

/** Headless, with nothing that reaches beyond loopback (background networking, QUIC, component updates, sync). */
const OPTIONS: LaunchOptions = {
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({ ...OPTIONS, ...options });
}

export function launchPersistentContext(profile: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, OPTIONS);
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core in the page (evaluated through the DevTools protocol, so the page's CSP stays as served): no serious
 * or critical violation. */
export async function assertAccessible(page: Page, what: string): Promise<void> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const page = globalThis as any;
    const result = await page.axe.run(page.document, { resultTypes: ['violations'] });
    return result.violations.map((v: any) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n: any) => n.target.join(' ')).slice(0, 3) }));
  });
  const serious = violations.filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(serious, [], `${what}: ${JSON.stringify(serious)}`);
}
