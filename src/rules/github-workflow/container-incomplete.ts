// CGW083: a job or service container without an image, or registry credentials without a username or a password.
import { get, getPair } from '../../analyzers/yaml/yaml-tree.ts';
import type { YNode } from '../../analyzers/yaml/yaml-tree.ts';
import type { Range } from '../../core/types.ts';
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';

const blank = (n: YNode | undefined) => n === undefined || (n.kind === 'scalar' && (n.value === null || n.value === ''));

export const rule: GhaRule = {
  meta: {
    id: 'CGW083',
    name: 'container-incomplete',
    target: 'github-workflow',
    title: 'Container without an image, or credentials without a username or password',
    description:
      'A job\'s `container:` and each of its `services:` run an image: without one (`container: {}`, an empty ' +
      'value, a mapping with `env:` but no `image:`) the job fails before its first step. Registry `credentials:` ' +
      'need both `username` and `password`; with one missing (or none) the login fails and so does the pull. A ' +
      'bug that breaks the run: high.',
    severity: 'high',
    category: 'correctness',
    references: [`${WORKFLOW_SYNTAX}#jobsjob_idcontainer`, `${WORKFLOW_SYNTAX}#jobsjob_idservices`],
    remediation: 'Name the image (`container: node:22` or `image: node:22`), and give the credentials both a `username` and a `password` (from `secrets`).',
    equivalents: ['actionlint:syntax-check'],
    messages: {
      default: 'The {{what}} has no image: the job fails before its first step.',
      credentials: 'The credentials of the {{what}} lack {{missing}}: the registry login fails.',
    },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    container:\n      env:\n        CI: "1"\n    steps:\n      - run: make test\n'],
      good: ['on: push\npermissions: {}\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    container:\n      image: node:22\n      env:\n        CI: "1"\n    steps:\n      - run: make test\n'],
    },
  },
  check(doc, report) {
    const check = (c: YNode, at: Range, what: string) => {
      if (c.kind === 'scalar' && typeof c.value === 'string' && c.value.includes('${{')) return;
      // `container: null` written out says "no container"; an empty value is a container left unwritten.
      if (c.kind === 'scalar' && c.value === null && c.end > c.start) return;
      if (blank(c) || (c.kind === 'map' && !c.pairs.some((p) => p.key.includes('${{')) && blank(get(c, 'image')) && getPair(c, 'image')?.value.kind !== 'map')) {
        // An empty `image:`, `''` or `{}` is reported where it is written; an image left out at the container's key.
        const image = getPair(c, 'image');
        const missing = (c.kind === 'scalar' && c.value === null) || (c.kind === 'map' && c.pairs.length > 0 && !image);
        report({ range: image ? image.value.range : missing ? at : c.range, data: { what } });
      }
      const creds = getPair(c, 'credentials');
      if (!creds || (creds.value.kind === 'scalar' && typeof creds.value.value === 'string' && creds.value.value.includes('${{'))) return;
      const missing = ['username', 'password'].filter((k) => blank(get(creds.value, k)));
      if (missing.length) report({ range: creds.keyNode.range, messageId: 'credentials', data: { what, missing: missing.join(' and ') } });
    };
    for (const job of doc.jobs) {
      const container = getPair(job.node, 'container');
      if (container) check(container.value, container.keyNode.range, `container of job "${job.id}"`);
      const services = get(job.node, 'services');
      for (const p of services?.kind === 'map' ? services.pairs : []) check(p.value, p.keyNode.range, `service "${p.key}" of job "${job.id}"`);
    }
  },
};
