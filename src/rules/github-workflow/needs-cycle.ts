// CGW018: jobs whose `needs:` form a cycle.
import type { Job } from '../../analyzers/github-workflow/model.ts';
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW018',
    name: 'needs-cycle',
    target: 'github-workflow',
    title: 'Jobs need each other in a cycle',
    description: 'Jobs whose `needs:` lead back to themselves can never start. GitHub refuses such a workflow: it does not run.',
    severity: 'high',
    category: 'correctness',
    references: [`${WORKFLOW_SYNTAX}#jobsjob_idneeds`],
    remediation: 'Remove one of the `needs:` entries of the cycle so the jobs form a chain.',
    equivalents: ['actionlint:job-needs'],
    messages: { default: 'Jobs need each other in a cycle: {{cycle}}.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  a:\n    needs: b\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make a\n  b:\n    needs: a\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make b\n'],
      good: ['on: push\npermissions: {}\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make a\n  b:\n    needs: a\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make b\n'],
    },
  },
  check(doc, report) {
    const byId = new Map(doc.jobs.map((j) => [j.id.toLowerCase(), j]));
    const state = new Map<Job, 'visiting' | 'done'>();
    // Depth-first, iteratively (a hostile file may chain thousands of jobs). Each cycle is reported once, at the
    // key of the job it starts from (the first in file order, as actionlint does).
    for (const root of doc.jobs) {
      if (state.has(root)) continue;
      const stack: { job: Job; next: number }[] = [{ job: root, next: 0 }];
      state.set(root, 'visiting');
      while (stack.length > 0) {
        const top = stack[stack.length - 1]!;
        const need = top.job.needs[top.next++];
        if (!need) {
          state.set(top.job, 'done');
          stack.pop();
          continue;
        }
        const next = byId.get(need.value.toLowerCase());
        if (!next) continue;
        if (state.get(next) === 'visiting') {
          const cycle = stack.slice(stack.findIndex((f) => f.job === next)).map((f) => f.job.id);
          report({ range: next.keyNode.range, data: { cycle: [...cycle, next.id].join(' -> ') } });
        } else if (!state.has(next)) {
          state.set(next, 'visiting');
          stack.push({ job: next, next: 0 });
        }
      }
    }
  },
};
