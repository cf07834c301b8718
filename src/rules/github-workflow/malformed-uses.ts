// CGW050: a `uses:` GitHub cannot read: neither `owner/repo[/path]@ref`, `./path` (`$/path`) nor `docker://image`.
import type { GhaRule } from './support.ts';
import { allUses, WORKFLOW_SYNTAX } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW050',
    name: 'malformed-uses',
    target: 'github-workflow',
    title: 'uses: that is no action reference',
    description:
      'A `uses:` is `owner/repo@ref` (or `owner/repo/path@ref`), a path of the same repository (`./path`, `$/path`) ' +
      'or a container image (`docker://image:tag`). Anything else — `checkout@v4` without its owner, a local path ' +
      'with `@ref`, an empty image, a ref with a space — makes GitHub refuse the workflow. A bug that breaks the ' +
      'run: high.',
    severity: 'high',
    category: 'correctness',
    references: [`${WORKFLOW_SYNTAX}#jobsjob_idstepsuses`],
    remediation: 'Write the full reference: `actions/checkout@<sha> # v4`, `./path/to/action`, or `docker://alpine:3.20`.',
    equivalents: ['actionlint:action'],
    messages: {
      default: '"{{uses}}" is no action reference: write owner/repo[/path]@ref, ./path or docker://image.',
      localRef: '"{{uses}}": a local action is the file at the workflow\'s commit and takes no @ref.',
      emptyImage: '"{{uses}}" names no image.',
    },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: checkout@v4\n'],
      good: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@08eba0b27e820071cde6df949e0beb9ba4906955 # v4.3.0\n      - uses: ./.github/actions/setup\n      - uses: docker://alpine:3.20\n'],
    },
  },
  check(doc, report) {
    for (const { str, ref } of allUses(doc)) {
      const value = str.value.trim();
      if (value.includes('${{')) continue;
      const data = { uses: value };
      if (ref.kind === 'invalid') report({ range: str.range, data });
      else if (ref.kind === 'local' && ref.path.includes('@')) report({ range: str.range, messageId: 'localRef', data });
      else if (ref.kind === 'docker' && ref.image.trim() === '') report({ range: str.range, messageId: 'emptyImage', data });
    }
  },
};
