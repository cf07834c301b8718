// CGW044: `needs.<job>` naming a job that the job does not list in `needs:`.
import type { GhaRule } from './support.ts';
import { ghDocs } from './support.ts';
import { allExpressions } from './all-expressions.ts';
import { namesRead } from './references.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW044',
    name: 'undefined-needs-reference',
    target: 'github-workflow',
    title: 'needs.<job> of a job not in needs:',
    description:
      'The `needs` context holds only the jobs a job lists in its `needs:`. `needs.build.outputs.tag` in a job that ' +
      'does not need `build` (a typo, or a dependency removed since) is empty, so the job deploys an empty tag or ' +
      'skips a step without any error. A bug: medium.',
    severity: 'medium',
    category: 'correctness',
    references: [ghDocs('reference/workflows-and-actions/contexts#needs-context')],
    remediation: 'List the job in `needs:` (it then also runs first), or correct the name.',
    equivalents: ['actionlint:expression'],
    messages: { default: 'Job "{{job}}" does not need "{{name}}"; needs.{{name}} is empty here. Add it to needs:.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    outputs:\n      tag: ${{ steps.t.outputs.tag }}\n    steps:\n      - id: t\n        run: echo "tag=1" >> "$GITHUB_OUTPUT"\n  deploy:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ./deploy.sh "$TAG"\n        env:\n          TAG: ${{ needs.build.outputs.tag }}\n'],
      good: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    outputs:\n      tag: ${{ steps.t.outputs.tag }}\n    steps:\n      - id: t\n        run: echo "tag=1" >> "$GITHUB_OUTPUT"\n  deploy:\n    needs: build\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ./deploy.sh "$TAG"\n        env:\n          TAG: ${{ needs.build.outputs.tag }}\n'],
    },
  },
  check(doc, report) {
    if (doc.kind !== 'workflow') return;
    for (const e of allExpressions(doc)) {
      const job = e.job ?? doc.jobs.find((j) => e.path[0] === 'jobs' && j.id === e.path[1]);
      if (!job || job.needs.some((n) => n.value.includes('${{'))) continue;
      const needs = new Set(job.needs.map((n) => n.value.toLowerCase()));
      for (const ref of namesRead(e.expr, 'needs')) {
        if (!needs.has(ref.name.toLowerCase())) report({ range: e.rangeOf(ref.node), data: { name: ref.name, job: job.id } });
      }
    }
  },
};
