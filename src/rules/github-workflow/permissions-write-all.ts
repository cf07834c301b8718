// CGW008: `permissions: write-all` on the workflow or a job.
import type { GhaRule } from './support.ts';
import { ghDocs, permissionLevel, permissionPairs, PRIVILEGED_FORK_TRIGGERS, triggeredBy, WORKFLOW_SYNTAX } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW008',
    name: 'permissions-write-all',
    target: 'github-workflow',
    title: 'Token granted every write permission',
    description:
      '`permissions: write-all` gives the job\'s `GITHUB_TOKEN` write access to code, releases, packages, issues, ' +
      'pull requests, deployments and more. Any step that is compromised (an action, a dependency, an injected ' +
      'script) can then push code or publish releases. Least privilege is a real risk to fix: medium.',
    severity: 'medium',
    severityContext: [
      'High when the workflow runs on `pull_request_target` or `workflow_run`, where steps handle a fork\'s input: the token that input can reach may then push to the repository.',
    ],
    category: 'security',
    cwe: ['CWE-250', 'CWE-272'],
    references: [`${WORKFLOW_SYNTAX}#permissions`, ghDocs('tutorials/authenticate-with-github_token#modifying-the-permissions-for-the-github_token')],
    remediation: 'Grant only what the job needs: `permissions: { contents: read }` at the top, and the few writes a job needs (`packages: write`) on that job.',
    equivalents: ['checkov:CKV2_GHA_1', 'zizmor:excessive-permissions'],
    messages: {
      default: '`permissions: write-all` gives the token write access to everything in the repository.',
      forkInput: '`permissions: write-all` gives the token write access to everything in the repository, in a workflow that handles a fork\'s input.',
    },
    examples: {
      bad: ['on: push\npermissions: write-all\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n'],
      good: ['on: push\npermissions:\n  contents: read\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n'],
    },
  },
  check(doc, report) {
    const forkInput = triggeredBy(doc, ...PRIVILEGED_FORK_TRIGGERS);
    for (const p of permissionPairs(doc)) {
      if (permissionLevel(p.value) === 'write-all') report({ range: p.value.range, messageId: forkInput ? 'forkInput' : 'default', severity: forkInput ? 'high' : 'medium' });
    }
  },
};
