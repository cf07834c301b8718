// CGW011: ACTIONS_ALLOW_UNSECURE_COMMANDS turned on in an `env:`.
import { text } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { allEnvs, ghDocs } from './support.ts';
import { deletePair, yamlFix } from '../yaml-fix.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW011',
    name: 'unsecure-commands-allowed',
    target: 'github-workflow',
    title: 'Disabled workflow commands re-enabled',
    description:
      'GitHub disabled the `set-env` and `add-path` log commands in November 2020 (CVE-2020-15228): any text a step ' +
      'prints — a test name, a file name, a pull request title — could set environment variables such as ' +
      '`LD_PRELOAD` or `NODE_OPTIONS` for every later step, and so run code. `ACTIONS_ALLOW_UNSECURE_COMMANDS: true` ' +
      'turns them back on.',
    severity: 'high',
    category: 'security',
    cwe: ['CWE-77', 'CWE-94'],
    references: ['https://github.blog/changelog/2020-10-01-github-actions-deprecating-set-env-and-add-path-commands/', ghDocs('reference/workflows-and-actions/workflow-commands#setting-an-environment-variable')],
    remediation: 'Remove the variable, and write variables and paths to the files GitHub provides: `echo "NAME=value" >> "$GITHUB_ENV"`, `echo "$DIR" >> "$GITHUB_PATH"`.',
    equivalents: ['checkov:CKV_GHA_1', 'zizmor:insecure-commands'],
    messages: { default: 'ACTIONS_ALLOW_UNSECURE_COMMANDS re-enables `set-env` and `add-path`, which let anything a step prints set the environment of later steps.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    env:\n      ACTIONS_ALLOW_UNSECURE_COMMANDS: true\n    steps:\n      - run: make\n'],
      good: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo "$HOME/bin" >> "$GITHUB_PATH"\n'],
    },
  },
  check(doc, report) {
    for (const env of allEnvs(doc)) {
      for (const p of env.pairs) {
        if (p.key !== 'ACTIONS_ALLOW_UNSECURE_COMMANDS') continue;
        const value = text(p.value)?.trim().toLowerCase();
        // GitHub's runner turns them on for "true" and for "1".
        const del = deletePair(doc.pos.text, env, p);
        if (value === 'true' || value === '1' || (value !== undefined && value.includes('${{'))) report({ range: p.range, fix: del ? yamlFix(doc.pos.text, 'Remove ACTIONS_ALLOW_UNSECURE_COMMANDS (steps that print set-env or add-path must write to $GITHUB_ENV and $GITHUB_PATH).', [del], 'unsafe') : undefined });
      }
    }
  },
};
