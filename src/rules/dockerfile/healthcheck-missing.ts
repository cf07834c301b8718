// CGD131: a service image (it has CMD, ENTRYPOINT or EXPOSE) without a HEALTHCHECK.
import { finalStage } from '../../analyzers/dockerfile/query.ts';
import { dockerfileRef, hadolintRef, stageChain } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD131',
    name: 'healthcheck-missing',
    target: 'dockerfile',
    title: 'Service image without HEALTHCHECK',
    description:
      'Without a HEALTHCHECK, Docker and Compose only know whether the process is running, not whether it ' +
      'answers: a hung server stays "up", `depends_on: condition: service_healthy` cannot wait for it, and Swarm ' +
      'never replaces it. Only images that look like services (the final stage sets CMD, ENTRYPOINT or EXPOSE) are ' +
      'reported; the base image may define a health check this file cannot see, and Kubernetes ignores ' +
      'HEALTHCHECK in favour of its own probes.',
    severity: 'low',
    severityContext: [
      'Hardening: orchestrators often probe instead, and the policy counts a missing healthcheck as hygiene.',
      'Trivy rates it low; hadolint ignores it by default.',
    ],
    category: 'reliability',
    references: [dockerfileRef('#healthcheck'), hadolintRef('DL3057')],
    remediation: 'Add a cheap check of the service itself: `HEALTHCHECK --interval=30s --timeout=3s CMD ["/app/healthcheck"]` (or `HEALTHCHECK NONE` to opt out explicitly).',
    equivalents: ['checkov:CKV_DOCKER_2', 'trivy:DS026', 'hadolint:DL3057', 'kics:b03a748a-542d-44f4-bb86-9199ab4fd2d5'],
    tags: ['hardening'],
    messages: { default: 'The image runs a service but defines no HEALTHCHECK.' },
    examples: {
      bad: ['FROM nginx:1.27\nEXPOSE 80\nCMD ["nginx", "-g", "daemon off;"]\n'],
      good: ['FROM nginx:1.27\nEXPOSE 80\nHEALTHCHECK CMD ["curl", "-fsS", "http://localhost/"]\nCMD ["nginx", "-g", "daemon off;"]\n'],
    },
  },
  check(doc, report) {
    const final = finalStage(doc);
    if (!final) return;
    let service = false;
    for (const s of stageChain(final)) {
      for (const i of s.instructions) {
        if (i.kind === 'HEALTHCHECK') return;
        if (i.kind === 'CMD' || i.kind === 'ENTRYPOINT' || i.kind === 'EXPOSE') service = true;
      }
    }
    if (!service) return;
    report({ range: (final.imageWord ?? final.from.keyword).range });
  },
};
