// CGW055: features of GitHub Actions best not used: `shell: cmd`, setup-python's `pip-install` input, and pip's
// `--extra-index-url` (a second index any package name may come from).
import { slug } from '../../analyzers/github-workflow/uses.ts';
import { get, getPair, str } from '../../analyzers/yaml/yaml-tree.ts';
import type { Str } from '../../analyzers/yaml/yaml-tree.ts';
import type { Range } from '../../core/types.ts';
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';
import { runCommands } from './run-commands.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW055',
    name: 'misfeature',
    target: 'github-workflow',
    title: 'GitHub Actions misfeature: cmd shell, pip-install input, extra package index',
    description:
      '`shell: cmd` runs a shell without a grammar (no analysis can say what it does, and it has not been the ' +
      'default since 2019); `actions/setup-python`\'s `pip-install` input installs into the global environment, ' +
      'unpinned and hard to audit. Both are hygiene (low). `pip install --extra-index-url` is worse: pip takes each ' +
      'package from whichever index has the higher version, so anyone can publish a private package\'s name on PyPI ' +
      'and have it installed (dependency confusion): medium.',
    severity: 'low',
    severityContext: ['Medium for `--extra-index-url`: dependency confusion lets anyone on the public index supply a package.'],
    category: 'supply-chain',
    cwe: ['CWE-427', 'CWE-829'],
    references: [`${WORKFLOW_SYNTAX}#defaultsrunshell`, 'https://docs.zizmor.sh/audits/#misfeature', 'https://pip.pypa.io/en/stable/cli/pip_install/#cmdoption-extra-index-url'],
    remediation: 'Use `shell: pwsh` (or bash) on Windows; install Python dependencies from a locked requirements file in a `run:` step; give a private index as the only `--index-url` (or proxy PyPI through it).',
    equivalents: ['zizmor:misfeature'],
    messages: {
      default: 'shell: cmd has no grammar to analyse and is not the Windows default since 2019; use pwsh.',
      pipInstall: 'setup-python\'s pip-install installs into the global environment, unlocked; install from a locked file in a run: step.',
      extraIndex: 'pip --extra-index-url takes each package from whichever index offers the higher version: dependency confusion.',
    },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: pip install --extra-index-url https://pypi.acme.internal/simple acme-utils\n'],
      good: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: pip install --index-url https://pypi.acme.internal/simple --require-hashes -r requirements.txt\n'],
    },
  },
  check(doc, report) {
    const found: { range: Range; messageId: string; severity?: 'medium'; at: number }[] = [];
    const shells: Str[] = [];
    const defaults = (node: Parameters<typeof get>[0]) => str(get(get(get(node, 'defaults'), 'run'), 'shell'));
    for (const s of [defaults(doc.root), ...doc.jobs.map((j) => defaults(j.node)), ...doc.steps.map((st) => st.shell)]) if (s) shells.push(s);
    for (const s of shells) if (s.value.trim().toLowerCase() === 'cmd') found.push({ range: s.range, messageId: 'default', at: s.node.start });
    for (const step of doc.steps) {
      const ref = step.uses?.ref;
      const input = ref?.kind === 'repository' && slug(ref) === 'actions/setup-python' ? getPair(step.with, 'pip-install') : undefined;
      if (input) found.push({ range: input.keyNode.range, messageId: 'pipInstall', at: input.keyNode.start });
    }
    for (const cmd of runCommands(doc)) {
      if (!/^pip(3(\.\d+)?)?$/.test(cmd.name) && !(cmd.name === 'uv' && cmd.args[0]?.value === 'pip')) continue;
      const w = cmd.args.find((a) => a.value === '--extra-index-url' || a.value.startsWith('--extra-index-url='));
      if (w) found.push({ range: w.range, messageId: 'extraIndex', severity: 'medium', at: w.start });
    }
    found.sort((a, b) => a.range.start_line - b.range.start_line || a.range.start_column - b.range.start_column);
    for (const f of found) report({ range: f.range, messageId: f.messageId, ...(f.severity ? { severity: f.severity } : {}) });
  },
};
