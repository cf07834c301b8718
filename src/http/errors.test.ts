// The error catalogue is complete: every code the code base answers with is listed with its status, and
// docs/api-errors.md documents each one.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ERRORS } from './errors.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

describe('error catalogue', () => {
  const used = new Map<string, number>();
  for (const file of sources('src')) {
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:ApiError\(|sendError\(reply, )(\d{3}), '([a-z_]+)'/g)) used.set(m[2]!, Number(m[1]));
  }
  it('lists every code the service answers with, with the same status', () => {
    assert.ok(used.size > 10, 'codes were found');
    for (const [code, status] of used) {
      const entry = (ERRORS as Record<string, { status: number }>)[code];
      assert.ok(entry, `${code} is in ERRORS`);
      assert.equal(entry.status, status, `${code}: status`);
    }
  });
  it('docs/api-errors.md documents every code', () => {
    const doc = readFileSync('docs/api-errors.md', 'utf8');
    for (const [code, { status }] of Object.entries(ERRORS)) assert.match(doc, new RegExp(`\\| ${status} \\| \`${code}\` \\|`), code);
  });
});
