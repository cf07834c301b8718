// CGD132: `HEALTHCHECK NONE` in the final image turns off a health check the base image may define.
import { finalStage } from '../../analyzers/dockerfile/query.ts';
import { dockerfileRef, stageChain } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD132',
    name: 'healthcheck-disabled',
    target: 'dockerfile',
    title: 'Health check disabled with HEALTHCHECK NONE',
    description:
      '`HEALTHCHECK NONE` removes any health check inherited from the base image. That is sometimes intended ' +
      '(an orchestrator probes instead), so this is informational: make sure the container is still monitored.',
    severity: 'info',
    severityContext: [
      'Often intended (an orchestrator probes instead): informative.',
    ],
    category: 'reliability',
    references: [dockerfileRef('#healthcheck')],
    remediation: 'Keep `HEALTHCHECK NONE` only if another mechanism (e.g. Kubernetes probes) checks the service; otherwise define a HEALTHCHECK CMD.',
    equivalents: [],
    messages: { default: 'HEALTHCHECK NONE disables health checking of the final image, including any inherited check.' },
    examples: {
      bad: ['FROM nginx:1.27\nHEALTHCHECK NONE\n'],
      good: ['FROM nginx:1.27\nHEALTHCHECK CMD ["curl", "-fsS", "http://localhost/"]\n'],
    },
  },
  check(doc, report) {
    const final = finalStage(doc);
    if (!final) return;
    // The chain lists the final stage first: the last HEALTHCHECK of the nearest stage that has one wins.
    for (const stage of stageChain(final)) {
      const effective = stage.instructions.filter((i) => i.kind === 'HEALTHCHECK').pop();
      if (!effective) continue;
      if (effective.healthcheck?.none) report({ range: effective.args[0]!.range });
      return;
    }
  },
};
