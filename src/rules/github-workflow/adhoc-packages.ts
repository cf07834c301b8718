// CGW056: packages installed by name in a `run:` script, outside a lockfile (`npm install x`, `gem install x`).
import type { GhaRule } from './support.ts';
import { SECURE_USE } from './support.ts';
import { runCommands } from './run-commands.ts';
import type { RunCommand } from './run-commands.ts';

/** The subcommands that add named packages, by tool, and the options of theirs that take a value. */
const ADD: Record<string, { subcommands: readonly string[]; withValue: readonly string[] }> = {
  npm: { subcommands: ['install', 'i', 'add', 'isntall', 'in'], withValue: ['--prefix', '--registry', '-C', '--workspace', '-w'] },
  yarn: { subcommands: ['add'], withValue: ['--cwd'] },
  pnpm: { subcommands: ['add'], withValue: ['--dir', '-C', '--filter', '-F'] },
  gem: { subcommands: ['install', 'i'], withValue: ['-v', '--version', '-i', '--install-dir', '--source'] },
  bundle: { subcommands: ['add'], withValue: ['--version', '-v', '--group', '-g', '--source', '-s'] },
};

/** The package operands of an install that names packages, or none. */
function packages(cmd: RunCommand): RunCommand['args'] {
  const spec = ADD[cmd.name];
  if (!spec) return [];
  const words: RunCommand['args'] = [];
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
    for (const cmd of runCommands(doc)) {
      const first = packages(cmd)[0];
      if (first) report({ range: first.range, data: { tool: cmd.name, package: first.value } });
    }
  },
};
