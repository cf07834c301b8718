// CGW051: a major version of a most-used action that GitHub retired (a dated table, popular-actions.ts).
import { slug } from '../../analyzers/github-workflow/uses.ts';
import type { GhaRule } from './support.ts';
import { allUses, ghDocs } from './support.ts';
import { majorOf, POPULAR_ACTIONS } from './popular-actions.ts';
import { refRange } from './pinning.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW051',
    name: 'retired-action-version',
    target: 'github-workflow',
    title: 'Retired major version of a popular action',
    description:
      'Old majors of the most-used actions stop working: `actions/upload-artifact@v3` and `download-artifact@v3` ' +
      'fail since GitHub retired them (2025-01-30), `actions/cache@v2` since its service was shut down; others run ' +
      'on a Node.js runtime the runners retired (`actions/checkout@v2`, `setup-node@v3`), which GitHub forces onto ' +
      'a newer runtime or refuses, and they no longer get fixes. The version comes from the tag, or from the ' +
      'version comment beside a SHA pin. From a dated table. Medium; high when the step fails.',
    severity: 'medium',
    severityContext: ['High when the retired version fails outright (artifact actions before v4, cache before v3): the run breaks.'],
    category: 'correctness',
    references: [ghDocs('reference/workflows-and-actions/metadata-syntax#runs-for-javascript-actions'), 'https://github.blog/changelog/2024-04-16-deprecation-notice-v3-of-the-artifact-actions/'],
    remediation: 'Move to the current major (see the action\'s releases), pinned by commit SHA with the version in a comment.',
    equivalents: ['actionlint:action'],
    messages: { default: '{{uses}} is v{{major}}: {{why}}. Use v{{current}} or later.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/upload-artifact@v3\n        with:\n          path: dist/\n'],
      good: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/upload-artifact@ea165f8d65b6e75b540449e92b4886f43607fa02 # v4.6.2\n        with:\n          path: dist/\n'],
    },
  },
  check(doc, report) {
    for (const { str, ref } of allUses(doc)) {
      if (ref.kind !== 'repository') continue;
      const known = POPULAR_ACTIONS[slug(ref)];
      if (!known?.retiredBelow || !known.retired) continue;
      const major = majorOf(doc, str, ref.ref);
      if (major === undefined || major >= known.retiredBelow) continue;
      report({ range: refRange(str, doc), data: { uses: slug(ref), major, why: known.retired.why, current: known.retiredBelow }, severity: known.retired.fails ? 'high' : 'medium' });
    }
  },
};
