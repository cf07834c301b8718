// Documentation that must stay in step with the code.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { SETTINGS } from '../src/config.ts';

const readme = readFileSync('README.md', 'utf8');
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
const architecture = readFileSync('docs/architecture.md', 'utf8');

describe('documentation', () => {
  it('README has exactly the two set-up commands, and .ci/run runs the test command', () => {
    const blocks = [...readme.split('## A short tour')[0]!.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!.trim());
    assert.deepEqual(blocks, ['npm ci && npm start', 'npm ci && npm test']);
    assert.match(readFileSync('.ci/run', 'utf8'), /^npm ci && npm test$/m);
  });
  it('README configuration table lists every setting with its default', () => {
    for (const s of SETTINGS) assert.match(readme, new RegExp(`\\| \`${s.name}\` \\| \`?${s.default.replace(/[$()]/g, '\\$&')}\`? \\|`), s.name);
  });
  it('docs/architecture.md justifies every dependency', () => {
    for (const dep of [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)]) {
      assert.ok(architecture.includes(`\`${dep}\``), `docs/architecture.md names ${dep}`);
    }
  });
});
