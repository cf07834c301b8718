// `npm run lint` (after the type check): repository rules a compiler does not enforce.
// - no focused or skipped tests left behind (`.only`, `.skip`, `{ skip: ... }`, `{ todo: ... }`);
// - no console output from the service code (it logs through pino, which never logs content);
// - every relative import spells its `.ts` extension (Node runs the sources directly);
// - storage runs SQL only: src/storage/ imports nothing of the code above it (webhooks/, auth/, scan/, http/,
//   lifecycle/...), only its own modules and config.ts;
// - no casts of request parts in src/ (`req.body as …`): routes get their types from their schemas
//   (src/http/type-provider.ts) or route generics. Run from the repository root (tests run it elsewhere).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** What src/storage/ may import relatively besides its own modules. */
const STORAGE_MAY_IMPORT = new Set(['src/config.ts']);

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const problems: string[] = [];
const report = (file: string, text: string, index: number, what: string) => {
  const line = text.slice(0, index).split('\n').length;
  problems.push(`${file}:${line}: ${what}`);
};

for (const file of ['src', 'test', 'bench', 'scripts', 'bin'].flatMap(files)) {
  const text = readFileSync(file, 'utf8');
  if (file.endsWith('.test.ts') || file.startsWith('test/')) {
    for (const m of text.matchAll(/\b(?:it|describe|test)\.(only|skip|todo)\(|\{\s*(?:only|skip|todo)\s*:/g)) report(file, text, m.index, `focused or skipped test (${m[0]})`);
  }
  // The service logs through pino; the operator CLI and the entry point's start-up errors write to stdio on purpose.
  if (file.startsWith('src/') && !file.endsWith('.test.ts') && !file.startsWith('src/admin/') && file !== 'src/main.ts') {
    for (const m of text.matchAll(/\bconsole\.(log|info|warn|error|debug)\(/g)) report(file, text, m.index, 'console output in service code (use the logger)');
  }
  for (const m of text.matchAll(/^(?:import|export)[^'"\n]*from\s+'(\.{1,2}\/[^']+)'/gm)) {
    if (!/\.(ts|js|json|mjs)$/.test(m[1]!)) report(file, text, m.index, `relative import without its extension: ${m[1]}`);
  }  if (file.startsWith(`src${path.sep}`)) {
    for (const m of text.matchAll(/\b(?:req|request)\.(?:body|params|query)\)?\s+as\s/g)) report(file, text, m.index, `cast of a request part (${m[0].trim()}): type the route instead`);
  }
  if (file.startsWith(`src${path.sep}storage${path.sep}`)) {
    // Static imports and re-exports (also spread over lines) and dynamic import('...').
    for (const m of text.matchAll(/(?:\bfrom\s+|^import\s+|\bimport\s*\(\s*)'(\.{1,2}\/[^']+)'/gm)) {
      const target = path.join(path.dirname(file), m[1]!);
      if (!target.startsWith(`src${path.sep}storage${path.sep}`) && !STORAGE_MAY_IMPORT.has(target.split(path.sep).join('/'))) {
        report(file, text, m.index, `storage imports ${target.split(path.sep).join('/')}: src/storage/ runs SQL only and imports nothing above it`);
      }
    }
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\nlint: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log('lint: ok');
