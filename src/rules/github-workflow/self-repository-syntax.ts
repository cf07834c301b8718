// CGW059: a local action or reusable workflow referred to as `./path` rather than by the self-repository `$/path`.
import type { GhaRule } from './support.ts';
import { allUses, WORKFLOW_SYNTAX } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW059',
    name: 'self-repository-syntax',
    target: 'github-workflow',
    title: 'Local action by ./path rather than $/path',
    description:
      '`uses: ./path` loads whatever is at that path of the workspace when the step runs, which an earlier step can ' +
      'change (a checkout of another ref, a download); GitHub\'s self-repository syntax `uses: $/path` (July 2026) ' +
      'always loads the file of the workflow\'s own commit, and counts as pinned for the "require actions pinned to ' +
      'a SHA" policy. Opt-in hygiene: low.',
    severity: 'low',
    optIn: true,
    tags: ['hygiene'],
    category: 'supply-chain',
    cwe: ['CWE-829'],
    references: [`${WORKFLOW_SYNTAX}#jobsjob_idstepsuses`, 'https://github.blog/changelog/2026-07-30-reference-same-repository-actions-with-self-repository-syntax/'],
    remediation: 'Write `uses: $/path/to/action` (`$/.github/workflows/x.yml` for a reusable workflow).',
    equivalents: ['zizmor:self-repository'],
    messages: { default: '"{{uses}}" loads the workspace\'s file at run time; $/{{path}} loads the workflow\'s own commit.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: ./.github/actions/setup\n'],
      good: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: $/.github/actions/setup\n'],
    },
  },
  check(doc, report) {
    for (const { str, ref } of allUses(doc)) {
      const value = str.value.trim();
      if (ref.kind === 'local' && value.startsWith('./')) report({ range: str.range, data: { uses: value, path: value.slice(2) } });
    }
  },
};
