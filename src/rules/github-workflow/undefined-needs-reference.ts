// CGW044: `needs.<job>` naming a job that the job does not list in `needs:`.
import { get } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { ghDocs } from './support.ts';
import { allExpressions } from './all-expressions.ts';
import { namesRead } from './references.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW044',
    name: 'undefined-needs-reference',
    target: 'github-workflow',
    title: 'needs.<job> of a job not in needs:, or an output no job declares',
    description:
      'The `needs` context holds only the jobs a job lists in its `needs:`. `needs.build.outputs.tag` in a job that ' +
      'does not need `build` (a typo, or a dependency removed since) is empty, so the job deploys an empty tag or ' +
      'skips a step without any error. So is an output the needed job does not declare (`needs.build.outputs.tg`), ' +
      'and, in a reusable workflow\'s `outputs:`, `jobs.<id>.outputs.<name>` of a job or output that does not ' +
      'exist. A bug: medium.',
    severity: 'medium',
    category: 'correctness',
    references: [ghDocs('reference/workflows-and-actions/contexts#needs-context')],
    remediation: 'List the job in `needs:` (it then also runs first), or correct the name.',
    equivalents: ['actionlint:expression'],
    messages: {
      default: 'Job "{{job}}" does not need "{{name}}"; needs.{{name}} is empty here. Add it to needs:.',
      output: 'Job "{{job}}" declares no output "{{output}}": {{ref}} is empty. Add it to the job\'s outputs:, or correct the name.',
      job: 'This workflow has no job "{{name}}": jobs.{{name}} is empty.',
    },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    outputs:\n      tag: ${{ steps.t.outputs.tag }}\n    steps:\n      - id: t\n        run: echo "tag=1" >> "$GITHUB_OUTPUT"\n  deploy:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ./deploy.sh "$TAG"\n        env:\n          TAG: ${{ needs.build.outputs.tag }}\n'],
      good: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    outputs:\n      tag: ${{ steps.t.outputs.tag }}\n    steps:\n      - id: t\n        run: echo "tag=1" >> "$GITHUB_OUTPUT"\n  deploy:\n    needs: build\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ./deploy.sh "$TAG"\n        env:\n          TAG: ${{ needs.build.outputs.tag }}\n'],
    },
  },
  check(doc, report) {
    if (doc.kind !== 'workflow') return;
    const byId = new Map(doc.jobs.map((j) => [j.id.toLowerCase(), j]));
    // The outputs a job declares, or undefined when they are not known here (a reusable workflow's, an expression).
    const outputsOf = (id: string): Set<string> | undefined => {
      const j = byId.get(id.toLowerCase());
      if (!j || j.uses) return undefined;
      const outputs = get(j.node, 'outputs');
      if (outputs === undefined) return new Set();
      return outputs.kind === 'map' && !outputs.pairs.some((p) => p.key.includes('${{')) ? new Set(outputs.pairs.map((p) => p.key.toLowerCase())) : undefined;
    };
    const checkOutputs = (e: (typeof exprs)[number], context: string, id: string) => {
      const declared = outputsOf(id);
      if (!declared) return;
      for (const out of namesRead(e.expr, context, [id.toLowerCase(), 'outputs'])) {
        if (!declared.has(out.name.toLowerCase())) report({ range: e.rangeOf(out.node), messageId: 'output', data: { job: id, output: out.name, ref: `${context}.${id}.outputs.${out.name}` } });
      }
    };
    const exprs = allExpressions(doc);
    for (const e of exprs) {
      // A reusable workflow's outputs read `jobs.<id>.outputs.<name>` of its own jobs.
      if (e.path[0] === 'on') {
        for (const ref of namesRead(e.expr, 'jobs')) {
          if (!byId.has(ref.name.toLowerCase())) report({ range: e.rangeOf(ref.node), messageId: 'job', data: { name: ref.name } });
          else checkOutputs(e, 'jobs', ref.name);
        }
        continue;
      }
      const job = e.job ?? doc.jobs.find((j) => e.path[0] === 'jobs' && j.id === e.path[1]);
      if (!job || job.needs.some((n) => n.value.includes('${{'))) continue;
      const refs = namesRead(e.expr, 'needs');
      if (refs.length === 0) continue;
      const needs = new Set(job.needs.map((n) => n.value.toLowerCase()));
      for (const ref of refs) {
        if (!needs.has(ref.name.toLowerCase())) report({ range: e.rangeOf(ref.node), data: { name: ref.name, job: job.id } });
        else checkOutputs(e, 'needs', ref.name);
      }
    }
  },
};
