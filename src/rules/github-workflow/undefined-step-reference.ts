// CGW043: `steps.<id>` naming no earlier step of the job.
import type { GhaRule } from './support.ts';
import { ghDocs } from './support.ts';
import { allExpressions } from './all-expressions.ts';
import { namesRead } from './references.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW043',
    name: 'undefined-step-reference',
    target: 'github-workflow',
    title: 'Step id that no earlier step of the job has',
    description:
      'The `steps` context holds the steps of the same job that ran before: `steps.build.outputs.version` names a ' +
      'step with `id: build` above it. A typo, a step of another job or a step further down gives an empty value ' +
      'without any error, so the condition or the script silently does something else. A bug: medium.',
    severity: 'medium',
    category: 'correctness',
    references: [ghDocs('reference/workflows-and-actions/contexts#steps-context')],
    remediation: 'Give the step an `id:` and refer to it below it, in the same job; pass values across jobs through job `outputs` and `needs`.',
    equivalents: ['actionlint:expression'],
    messages: { default: 'No step "{{name}}" runs before this in job "{{job}}"; steps.{{name}} is empty here.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  release:\n    runs-on: ubuntu-24.04\n    steps:\n      - id: version\n        run: echo "v=1.2.3" >> "$GITHUB_OUTPUT"\n      - run: ./release.sh "$V"\n        env:\n          V: ${{ steps.versoin.outputs.v }}\n'],
      good: ['on: push\npermissions: {}\njobs:\n  release:\n    runs-on: ubuntu-24.04\n    steps:\n      - id: version\n        run: echo "v=1.2.3" >> "$GITHUB_OUTPUT"\n      - run: ./release.sh "$V"\n        env:\n          V: ${{ steps.version.outputs.v }}\n'],
    },
  },
  check(doc, report) {
    if (doc.kind !== 'workflow') return;
    for (const e of allExpressions(doc)) {
      const job = e.job;
      if (!job || job.steps.some((s) => s.id?.value.includes('${{'))) continue;
      // In a step: the steps above it; in the job's outputs or environment URL: all of them; elsewhere none run yet
      // (the schema, CGW000, reports the context there).
      const before = e.step ? job.steps.filter((s) => s.index < e.step!.index) : e.path[2] === 'outputs' || e.path[2] === 'environment' ? job.steps : undefined;
      if (!before) continue;
      const ids = new Set(before.flatMap((s) => (s.id ? [s.id.value.toLowerCase()] : [])));
      for (const ref of namesRead(e.expr, 'steps')) {
        if (!ids.has(ref.name.toLowerCase())) report({ range: e.rangeOf(ref.node), data: { name: ref.name, job: job.id } });
      }
    }
  },
};
