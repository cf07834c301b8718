// CGW021: the checkout's persisted token uploaded with the workspace as an artifact.
import { isCommitSha, slug } from '../../analyzers/github-workflow/uses.ts';
import type { Step } from '../../analyzers/github-workflow/model.ts';
import { get, str, text } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { persistCredentialsFix } from './fix.ts';

function usesAction(step: Step, name: string): boolean {
  const ref = step.uses?.ref;
  return ref?.kind === 'repository' && slug(ref) === name;
}

/** A path list that names the workspace's root, where `.git/` (and the token in its config) lives. */
function coversWorkspace(paths: string): boolean {
  return paths.split('\n').some((p) => /^(\.\/?|\$\{\{\s*github\.workspace\s*\}\}\/?|\*\*?\/?\*?)$/.test(p.trim()));
}

/** Whether the upload includes dot files: `include-hidden-files: true`, or a version before v4.4.0 (which
 * excluded them by default from then on). A SHA is not read: its version is unknown. */
function includesHidden(step: Step): boolean {
  if (text(get(step.with, 'include-hidden-files'))?.toLowerCase() === 'true') return true;
  const ref = step.uses?.ref;
  const version = ref?.kind === 'repository' && ref.ref !== undefined && !isCommitSha(ref.ref) ? /^v?(\d+)(?:\.(\d+))?/.exec(ref.ref) : null;
  if (!version) return false;
  const major = Number(version[1]);
  return major < 4 || (major === 4 && version[2] !== undefined && Number(version[2]) < 4);
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW021',
    name: 'persist-credentials-uploaded',
    target: 'github-workflow',
    title: 'Checkout token uploaded in an artifact',
    description:
      '`actions/checkout` writes the job\'s token into `.git/config` unless `persist-credentials: false`. A later ' +
      '`actions/upload-artifact` of the whole workspace that includes dot files (before v4.4.0, or with ' +
      '`include-hidden-files: true`) publishes that token with the artifact, to everyone who can download it — ' +
      'everyone, for a public repository — while the job runs.',
    severity: 'medium',
    category: 'secrets',
    cwe: ['CWE-522', 'CWE-200'],
    references: ['https://unit42.paloaltonetworks.com/github-repo-artifacts-leak-tokens/', 'https://github.com/actions/checkout#usage'],
    remediation: 'Set `persist-credentials: false` on the checkout, and upload only the build output (`path: dist/`).',
    equivalents: ['zizmor:artipacked'],
    messages: { default: 'This upload includes the workspace\'s `.git/config`, where the checkout at line {{line}} stored the job\'s token.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n      - run: make\n      - uses: actions/upload-artifact@v3\n        with:\n          path: .\n'],
      good: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          persist-credentials: false\n      - run: make\n      - uses: actions/upload-artifact@v3\n        with:\n          path: dist/\n'],
    },
  },
  check(doc, report) {
    for (const job of doc.jobs) {
      let checkout: Step | undefined;
      for (const step of job.steps) {
        if (usesAction(step, 'actions/checkout')) {
          const persist = text(get(step.with, 'persist-credentials'))?.toLowerCase();
          if (persist !== 'false') checkout ??= step;
          continue;
        }
        if (!checkout || !usesAction(step, 'actions/upload-artifact')) continue;
        const path = str(get(step.with, 'path'));
        if (path && coversWorkspace(path.value) && includesHidden(step)) report({ range: path.range, data: { line: checkout.range.start_line }, fix: persistCredentialsFix(doc, checkout) });
      }
    }
  },
};
