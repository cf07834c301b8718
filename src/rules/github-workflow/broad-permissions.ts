// CGW087: token permissions broader than the jobs need — write scopes granted at the workflow level to several
// jobs, and `read-all`.
import type { GhaRule } from './support.ts';
import { permissionLevel, permissionPairs, WORKFLOW_SYNTAX } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW087',
    name: 'broad-permissions',
    target: 'github-workflow',
    title: 'Write permission granted to every job, or read-all',
    description:
      'A write scope in the workflow\'s top-level `permissions:` is granted to every job that sets no permissions ' +
      'of its own — those that never write, and any job added later: a compromised step of a test job can then ' +
      'push, publish or edit issues. (With one job, or when every job sets its own, it is not reported.) ' +
      'Granting it in the one job that writes keeps the others read-only. `read-all` grants every read scope — ' +
      'secrets scanning alerts, security events, private packages — where a job needs one or two. A real risk ' +
      'that needs a first foothold (a compromised action or an injection): medium for write scopes, low for read-all.',
    severity: 'medium',
    severityContext: ['Low for `read-all`: it grants reads, not writes.'],
    category: 'security',
    cwe: ['CWE-250'],
    references: [`${WORKFLOW_SYNTAX}#permissions`, 'https://docs.zizmor.sh/audits/#excessive-permissions'],
    remediation: 'Move each write scope into the `permissions:` of the job that needs it, leave the top level `contents: read` (or `{}`), and name the read scopes a job needs instead of `read-all`.',
    equivalents: ['zizmor:excessive-permissions'],
    messages: {
      default: '"{{scope}}: write" at the workflow level is granted to every job without permissions of its own ({{inheriting}} of {{jobs}} now, and any job added); grant it in the job that writes.',
      readAll: '"read-all" grants every read scope; name the ones the {{where}} needs.',
    },
    examples: {
      bad: ['on: push\npermissions:\n  contents: write\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make test\n  release:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make release\n'],
      good: ['on: push\npermissions:\n  contents: read\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make test\n  release:\n    runs-on: ubuntu-24.04\n    permissions:\n      contents: write\n    steps:\n      - run: make release\n'],
    },
  },
  check(doc, report) {
    // Counted once, for the workflow's grant (not for each job's permissions).
    let inheriting: number | undefined;
    for (const p of permissionPairs(doc).sort((a, b) => a.range.start_line - b.range.start_line)) {
      const workflowLevel = p === doc.permissions;
      if (permissionLevel(p.value) === 'read-all') {
        report({ range: p.value.range, messageId: 'readAll', data: { where: workflowLevel ? 'jobs' : 'job' }, severity: 'low' });
        continue;
      }
      // The grant reaches each job without permissions of its own (jobs calling a reusable workflow too), and any
      // job added later. One job alone is the same as a job-level grant; when every job sets its own, nobody gets it.
      inheriting ??= doc.jobs.filter((j) => !j.permissions).length;
      if (!workflowLevel || p.value.kind !== 'map' || doc.jobs.length < 2 || inheriting === 0) continue;
      for (const scope of p.value.pairs) {
        if (permissionLevel(scope.value) === 'write') report({ range: scope.range, data: { scope: scope.key, inheriting, jobs: doc.jobs.length } });
      }
    }
  },
};
