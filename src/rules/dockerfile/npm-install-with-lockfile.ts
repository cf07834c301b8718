// CGD118: `npm install` where a lockfile was copied in: `npm ci` installs exactly what it records.
import { commandRange, toolCalls } from '../../analyzers/dockerfile/query-packages.ts';
import { hasOption } from '../../analyzers/dockerfile/query.ts';
import type { Instruction } from '../../analyzers/dockerfile/types.ts';
import { stageChain } from './support.ts';
import type { DockerfileRule } from './support.ts';

const LOCKFILES = ['package-lock.json', 'npm-shrinkwrap.json'];
const NPM_VALUE_OPTIONS = ['--prefix', '--registry', '--cache', '--omit', '--include', '-w', '--workspace', '--install-strategy', '--userconfig'];

/** A COPY source glob (`*`, `?`, `[…]`, as Go's filepath.Match) as a regular expression for one path segment. */
function globRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    const close = c === '[' ? glob.indexOf(']', i + 2) : -1;
    if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (close !== -1) {
      // Characters of the class are taken literally (ranges too): enough for lockfile names, and never invalid.
      const body = glob.slice(i + 1, close);
      const negated = body.startsWith('!') || body.startsWith('^');
      re += `[${negated ? '^' : ''}${body.slice(negated ? 1 : 0).replace(/[\\\]\-^[]/g, '\\$&')}]`;
      i = close;
    } else re += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** Whether a COPY/ADD source pattern (`package*.json`, `./package-lock.json`) can match a lockfile. */
function matchesLockfile(source: string): boolean {
  const glob = globRegExp(source.slice(source.lastIndexOf('/') + 1));
  return LOCKFILES.some((l) => glob.test(l));
}

function copiesLockfile(instr: Instruction): boolean {
  if (instr.kind !== 'COPY' && instr.kind !== 'ADD') return false;
  const words = instr.json ? instr.json.map((j) => j.value) : instr.args.map((w) => w.resolved);
  return words.slice(0, -1).some(matchesLockfile);
}

function bindsLockfile(instr: Instruction): boolean {
  return instr.flags.some((f) => f.name === 'mount' && f.options.some((o) => (o.key === 'source' || o.key === 'target') && o.value !== undefined && matchesLockfile(o.value)));
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD118',
    name: 'npm-install-with-lockfile',
    target: 'dockerfile',
    title: '`npm install` used although a lockfile is copied in',
    description:
      '`npm install` treats `package-lock.json` as a hint: it may resolve newer versions within the ranges of ' +
      '`package.json` and rewrite the lockfile, so the image need not contain what was tested. `npm ci` installs ' +
      'exactly the locked tree, fails when the lockfile and `package.json` disagree, and starts from a clean ' +
      '`node_modules`.',
    severity: 'low',
    severityContext: [
      'The image may differ from what was tested; `npm ci` is better practice, not a blocking defect.',
    ],
    category: 'reliability',
    references: ['https://docs.npmjs.com/cli/commands/npm-ci', 'https://docs.docker.com/guides/nodejs/containerize/'],
    remediation: 'Replace `npm install` with `npm ci` (add `--omit=dev` for production images).',
    equivalents: [],
    messages: { default: '`npm {{sub}}` may deviate from the copied lockfile; use `npm ci` to install exactly the locked versions.' },
    examples: {
      bad: ['FROM node:22\nWORKDIR /app\nCOPY package.json package-lock.json ./\nRUN npm install\n'],
      good: ['FROM node:22\nWORKDIR /app\nCOPY package.json package-lock.json ./\nRUN npm ci\n'],
    },
  },
  check(doc, report) {
    for (const call of toolCalls(doc, ['npm'], ['install', 'i'], NPM_VALUE_OPTIONS)) {
      if (call.operands.length > 0 || hasOption(call.cmd, '-g', '--global')) continue;
      const instr = call.cmd.instruction;
      const before = instr.stage ? stageChain(instr.stage).flatMap((s) => s.instructions) : [];
      if (!bindsLockfile(instr.onbuild ?? instr) && !before.some((i) => i.start < instr.start && copiesLockfile(i))) continue;
      report({ range: commandRange(call.cmd, call.sub), data: { sub: call.sub.value } });
    }
  },
};
