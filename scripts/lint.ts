// `npm run lint` (after the type check): repository rules a compiler does not enforce.
// - no focused or skipped tests left behind (`.only`, `.skip`, `{ skip: ... }`, `{ todo: ... }`);
// - no console output from the service code (it logs through pino, which never logs content);
// - every relative import spells its `.ts` extension (Node runs the sources directly);
// - layering (LAYERS): src/storage/ runs SQL only and imports nothing of the code above it (webhooks/, auth/,
//   scan/, http/, lifecycle/...), only its own modules and config.ts; src/webhooks/ (delivery) imports nothing of
//   the scan life cycle, HTTP or the worker, and src/lifecycle/ nothing of HTTP or the worker. Every form of import
//   counts: static, re-export, side effect, dynamic import() and require(), either quote, and relative, absolute,
//   file: URL, package self-reference (`confgate/src/...`) and subpath-import (`#...`) specifiers;
// - no casts of request parts in src/ (`req.body as …`, `field(req, 'x') as …`): routes get their types from their
//   schemas (src/http/type-provider.ts) or route generics; nor casts to the checked types (`as FileTypeId`,
//   `as ScanStatus`), which their guards or schemas narrow;
// - one outbound network edge: outside src/net/, src/ opens no client connection of node:net, tls, dgram, http,
//   https or http2, nor Node's global fetch() or WebSocket (`net.connect`, `tls.connect`, `createConnection`, `http(s).request/get`, `dgram.createSocket`,
//   `new Socket()`, a dynamic import or require of those modules); servers (`createServer`, `listen`), types and
//   helpers (`isIP`, `STATUS_CODES`) are fine. NETWORK_CLIENT_EXCEPTIONS names the one local client. Run from the repository root (tests run it elsewhere).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What src/storage/ may import besides its own modules. */
const STORAGE_MAY_IMPORT = new Set(['src/config.ts']);

/** One direction per layer: which modules of the repository a directory may not import, and why. */
const LAYERS: Array<{ dir: string; refuses: (target: string) => boolean; why: string }> = [
  { dir: 'src/storage/', refuses: (t) => !t.startsWith('src/storage/') && !STORAGE_MAY_IMPORT.has(t), why: 'src/storage/ runs SQL only and imports nothing above it' },
  { dir: 'src/webhooks/', refuses: (t) => /^src\/(?:lifecycle|http|worker)\//.test(t), why: 'src/webhooks/ delivers events and imports nothing of the scan life cycle, HTTP or the worker' },
  { dir: 'src/lifecycle/', refuses: (t) => /^src\/(?:http|worker)\//.test(t), why: 'src/lifecycle/ is called by HTTP and the worker and imports neither' },
];

/** The modules whose client side opens connections. */
const NETWORK_MODULE = String.raw`(?:node:)?(?:net|tls|dgram|https?|http2)`;
/** Named exports of those modules that open a connection when called, and the classes whose `new` makes a client. */
const CLIENT_FUNCTIONS = new Set(['connect', 'createConnection', 'request', 'get', 'createSocket']);
const CLIENT_CLASSES = new Set(['Socket', 'TLSSocket']);
/** Files outside src/net/ that may open a client connection, and why. */
const NETWORK_CLIENT_EXCEPTIONS = new Map([
  ['src/admin/socket.ts', "the operator CLI reaches the running service over DATA_DIR's Unix-domain socket: local, never the network"],
]);

/** Client connections a module opens itself: [index, what] of each. */
function networkClients(text: string): Array<[number, string]> {
  const found: Array<[number, string]> = [];
  const escape = (name: string) => name.replace(/\$/g, '\\$');
  for (const m of text.matchAll(new RegExp(String.raw`^import\s+(type\s+)?([^;'"]*?)\s*from\s*(['"])(${NETWORK_MODULE})\3`, 'gm'))) {
    if (m[1]) continue; // types only
    const clause = m[2]!;
    const module = m[4]!.replace(/^node:/, '');
    // `net`, `* as net`, `net, { ... }`: calls through the binding.
    const binding = /^(?:\*\s+as\s+)?([A-Za-z_$][\w$]*)/.exec(clause)?.[1];
    if (binding) {
      const b = escape(binding);
      for (const c of text.matchAll(new RegExp(String.raw`\b${b}\s*\.\s*(${[...CLIENT_FUNCTIONS].join('|')})\s*\(|\bnew\s+${b}\s*\.\s*(${[...CLIENT_CLASSES].join('|')})\b`, 'g'))) {
        found.push([c.index, `${c[2] ? 'new ' : ''}${module}.${c[1] ?? c[2]}`]);
      }
    }
    // `{ connect, request as r, Socket }`: a client function imported at all, a client class constructed.
    for (const spec of /\{([^}]*)\}/.exec(clause)?.[1]?.split(',') ?? []) {
      const named = /^\s*(type\s+)?([\w$]+)(?:\s+as\s+([\w$]+))?\s*$/.exec(spec);
      if (!named || named[1]) continue;
      const [, , name, alias] = named;
      if (CLIENT_FUNCTIONS.has(name!)) found.push([m.index + m[0].search(new RegExp(String.raw`\b${escape(name!)}\b`)), `${module}.${name}`]);
      if (CLIENT_CLASSES.has(name!)) {
        for (const c of text.matchAll(new RegExp(String.raw`\bnew\s+${escape(alias ?? name!)}\b`, 'g'))) found.push([c.index, `new ${module}.${name}`]);
      }
    }
  }
  // Node's globals that connect: fetch() and new WebSocket() (not a method or a function of the same name).
  for (const m of text.matchAll(/(?<![\w$.]|function\s)(?:globalThis\s*\.\s*)?fetch\s*\(|\bnew\s+(?:globalThis\s*\.\s*)?WebSocket\b/g)) {
    // A method written `fetch(...) {` or `async fetch(...): T {` at the start of its line is a definition.
    if (/^\s*(?:async\s+)?fetch\s*\([^)]*\)\s*[:{]/.test(text.slice(text.lastIndexOf('\n', m.index) + 1, m.index + 200))) continue;
    found.push([m.index, m[0].startsWith('new') ? 'new WebSocket' : 'fetch']);
  }
  // A module loaded at run time cannot be followed: refused as such.
  for (const m of text.matchAll(new RegExp(String.raw`\b(?:import|require)\s*\(\s*(['"\x60])(${NETWORK_MODULE})\1`, 'g'))) {
    found.push([m.index, `${m[0].startsWith('require') ? 'require' : 'import'}('${m[2]}')`]);
  }
  return found.sort((a, b) => a[0] - b[0]);
}

const packageJson: { name?: string; imports?: Record<string, unknown> } = existsSync('package.json') ? JSON.parse(readFileSync('package.json', 'utf8')) : {};

/** Every module specifier a file names: static imports and re-exports (also spread over lines), side-effect
 * imports, dynamic import('...') and require('...'), in single, double or back quotes. */
function specifiers(text: string): Array<{ spec: string; index: number }> {
  const found: Array<{ spec: string; index: number }> = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|^\s*import\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)(['"`])([^'"`\n]+)\1/gm)) found.push({ spec: m[2]!, index: m.index });
  return found;
}

/** The repository path (with `/`) a specifier of `file` reaches, or undefined for a package or a builtin. */
function resolveInRepo(file: string, spec: string): string | undefined {
  const repo = (p: string) => path.relative(process.cwd(), p).split(path.sep).join('/');
  if (spec.startsWith('./') || spec.startsWith('../')) return repo(path.resolve(path.dirname(file), spec));
  if (spec.startsWith('/')) return repo(spec);
  if (spec.startsWith('file:')) return repo(fileURLToPath(spec));
  if (packageJson.name && spec.startsWith(`${packageJson.name}/`)) return spec.slice(packageJson.name.length + 1);
  if (spec.startsWith('#')) {
    // package.json "imports": an exact key, or a `#prefix/*` pattern; an unmapped one is reported as itself.
    for (const [key, value] of Object.entries(packageJson.imports ?? {})) {
      const target = typeof value === 'string' ? value : undefined;
      if (!target) continue;
      if (key === spec) return repo(path.resolve(target));
      const star = key.indexOf('*');
      if (star >= 0 && spec.startsWith(key.slice(0, star)) && spec.endsWith(key.slice(star + 1))) {
        return repo(path.resolve(target.replace('*', spec.slice(star, spec.length - (key.length - star - 1)))));
      }
    }
    return spec;
  }
  return undefined;
}

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
  for (const m of text.matchAll(/^(?:import|export)[^'"\n]*from\s+(['"])(\.{1,2}\/[^'"]+)\1/gm)) {
    if (!/\.(ts|js|json|mjs)$/.test(m[2]!)) report(file, text, m.index, `relative import without its extension: ${m[2]}`);
  }
  if (file.startsWith(`src${path.sep}`)) {
    for (const m of text.matchAll(/\b(?:req|request)\.(?:body|params|query)\)?\s+as\s/g)) report(file, text, m.index, `cast of a request part (${m[0].trim()}): type the route instead`);
    // Form fields are request parts too; and the checked value types have guards (isAcceptedFileType, isFileTypeId)
    // or schemas that narrow a string to them without a cast.
    for (const m of text.matchAll(/\b(?:field|fieldList)\((?:[^()]|\([^()]*\))*\)\)?\s+as\s/g)) report(file, text, m.index, 'cast of a form field: check it instead');
    for (const m of text.matchAll(/\bas\s+(?:FileTypeId|ScanStatus)\b/g)) report(file, text, m.index, `cast to a checked type (${m[0]}): narrow it with its guard or schema instead`);
  }
  const posix = file.split(path.sep).join('/');
  if (posix.startsWith('src/') && !posix.startsWith('src/net/') && !posix.endsWith('.test.ts') && !NETWORK_CLIENT_EXCEPTIONS.has(posix)) {
    for (const [index, what] of networkClients(text)) report(file, text, index, `outbound connection outside src/net/ (${what}): open it through the src/net/ connector`);
  }
  for (const layer of LAYERS.filter((l) => posix.startsWith(l.dir))) {
    for (const { spec, index } of specifiers(text)) {
      const target = resolveInRepo(file, spec);
      if (target !== undefined && layer.refuses(target)) report(file, text, index + text.slice(index).indexOf(spec), `${layer.dir.slice(4, -1)} imports ${target}: ${layer.why}`);
    }
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\nlint: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log('lint: ok');
