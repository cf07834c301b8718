// CGW012: a literal password in the `credentials` of a job container or service container.
import { get, getPair, text } from '../../analyzers/yaml/yaml-tree.ts';
import type { YNode } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW012',
    name: 'hardcoded-container-credentials',
    target: 'github-workflow',
    title: 'Registry password written in the workflow',
    description:
      'The `credentials.password` of a job or service container logs in to a registry. Written in the file, the ' +
      'password is readable by everyone who can read the repository (everyone, for a public one), stays in its ' +
      'history after removal, and cannot be rotated without a commit.',
    severity: 'high',
    category: 'secrets',
    cwe: ['CWE-798'],
    references: [`${WORKFLOW_SYNTAX}#jobsjob_idcontainercredentials`],
    remediation: 'Store the password as a secret and reference it: `password: ${{ secrets.REGISTRY_PASSWORD }}` (for GHCR, `${{ secrets.GITHUB_TOKEN }}` with `packages: read`).',
    equivalents: ['zizmor:hardcoded-container-credentials', 'actionlint:credentials'],
    messages: { default: 'The registry password of {{where}} is written in the file; reference a secret instead.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    container:\n      image: registry.example.com/ci:1.0\n      credentials:\n        username: ci\n        password: hunter2\n    steps:\n      - run: make test\n'],
      good: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    container:\n      image: registry.example.com/ci:1.0\n      credentials:\n        username: ci\n        password: ${{ secrets.REGISTRY_PASSWORD }}\n    steps:\n      - run: make test\n'],
    },
  },
  check(doc, report) {
    const check = (container: YNode | undefined, where: string): void => {
      const password = getPair(get(container, 'credentials'), 'password');
      const value = text(password?.value);
      if (password && value !== undefined && value.trim() !== '' && !value.includes('${{')) report({ range: password.value.range, data: { where } });
    };
    for (const job of doc.jobs) {
      check(job.container, `the container of job "${job.id}"`);
      if (job.services?.kind === 'map') for (const s of job.services.pairs) check(s.value, `service "${s.key}" of job "${job.id}"`);
    }
  },
};
