// CGW056: packages installed by name in a `run:` script, outside a lockfile (`npm install x`, `gem install x`).
import { fileSpan } from '../../analyzers/dockerfile/source.ts';
import type { Range } from '../../core/types.ts';
import type { GhaRule } from './support.ts';
import { SECURE_USE } from './support.ts';
import { runCommands } from './run-commands.ts';

/** The subcommands that add named packages, by tool, and the options of theirs that take a value. */
const ADD: Record<string, { subcommands: readonly string[]; withValue: readonly string[] }> = {
  npm: { subcommands: ['install', 'i', 'add', 'isntall', 'in'], withValue: ['--prefix', '--registry', '-C', '--workspace', '-w'] },
  yarn: { subcommands: ['add'], withValue: ['--cwd'] },
  pnpm: { subcommands: ['add'], withValue: ['--dir', '-C', '--filter', '-F'] },
  gem: { subcommands: ['install', 'i'], withValue: ['-v', '--version', '-i', '--install-dir', '--source'] },
  bundle: { subcommands: ['add'], withValue: ['--version', '-v', '--group', '-g', '--source', '-s'] },
};

/** The package operands of an install that names packages, or none. */
function packages<W extends { value: string }>(cmd: { name: string; args: readonly W[] }): W[] {
  const spec = ADD[cmd.name];
  if (!spec) return [];
  const words: W[] = [];
  let sub: string | undefined;
  for (let i = 0; i < cmd.args.length; i++) {
    const v = cmd.args[i]!.value;
    if (v.startsWith('-')) {
      if (spec.withValue.includes(v)) i++;
      continue;
    }
    if (sub === undefined) sub = v;
    else words.push(cmd.args[i]!);
  }
  return sub !== undefined && spec.subcommands.includes(sub) ? words : [];
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW056',
    name: 'adhoc-packages',
    target: 'github-workflow',
    title: 'Packages installed by name outside a lockfile',
    description:
      '`npm install eslint`, `yarn add x`, `gem install rake` in a `run:` script resolve the package (and all its ' +
      'dependencies) afresh at every run: a version published a minute ago — a compromised one too — runs with the ' +
      'job\'s token and secrets. A pinned version (`x@1.2.3`) still resolves its dependencies afresh. Hygiene: low.',
    severity: 'low',
    tags: ['hygiene'],
    category: 'supply-chain',
    cwe: ['CWE-829', 'CWE-1357'],
    references: [SECURE_USE, 'https://docs.zizmor.sh/audits/#adhoc-packages'],
    remediation: 'Add the tool to the project\'s manifest, commit the lockfile, and install with the lockfile-aware command (`npm ci`, `yarn install --immutable`, `bundle install`).',
    equivalents: ['zizmor:adhoc-packages'],
    messages: { default: '{{tool}} installs "{{package}}" outside a lockfile: it and its dependencies resolve afresh at every run.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  lint:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: npm install -g eslint && eslint .\n'],
      good: ['on: push\npermissions: {}\njobs:\n  lint:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: npm ci && npx eslint .\n'],
    },
  },
  check(doc, report) {
    const found: { at: number; range: Range; tool: string; package: string }[] = [];
    for (const cmd of runCommands(doc)) {
      const first = packages(cmd)[0];
      if (first) found.push({ at: first.start, range: first.range, tool: cmd.name, package: first.value });
    }
    // PowerShell (and cmd) scripts are not parsed: their statements are read word by word, one per line or `;`.
    for (const step of doc.steps) {
      const run = step.run;
      if (!run || run.script || !/^(pwsh|powershell|cmd)\b/.test(run.shell)) continue;
      const text = run.source.text;
      for (const stmt of text.matchAll(/[^;\n]+/g)) {
        const words = [...stmt[0].matchAll(/\S+/g)].map((w) => ({ value: w[0], start: stmt.index + w.index }));
        if (words.length === 0 || words[0]!.value.startsWith('#')) continue;
        const name = words[0]!.value.replace(/\.(cmd|exe)$/i, '').toLowerCase();
        const first = packages({ name, args: words.slice(1) })[0];
        if (!first) continue;
        const span = fileSpan(doc.index, run.source, first.start, first.start + first.value.length);
        found.push({ at: span.start, range: span.range, tool: name, package: first.value });
      }
    }
    for (const f of found.sort((a, b) => a.at - b.at)) report({ range: f.range, data: { tool: f.tool, package: f.package } });
  },
};
