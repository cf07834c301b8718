// CGD020: the final image never switches away from root.
import { dockerfileRef, finalUser, stageChain } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { dockerfileFix } from './fix.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD020',
    name: 'missing-user',
    target: 'dockerfile',
    title: 'Final image runs as root (no USER)',
    description:
      'Without a USER instruction the container runs as root unless the base image sets another user. A process ' +
      'compromised inside a root container has far more power over the container and, through any kernel or runtime ' +
      'flaw, over the host. Base images that declare a non-root user in their tag (`…:nonroot`, rootless variants) ' +
      'are not reported.',
    severity: 'low',
    severityContext: [
      'Hardening: the base image or the entrypoint often sets or drops to another user (official images start as root and drop with gosu), which the file cannot show, so we say less.',
      'Trivy and KICS rate it high; we differ because the policy counts a missing USER as hygiene unless the file shows the process keeps root.',
    ],
    category: 'security',
    cwe: ['CWE-250'],
    references: [dockerfileRef('#user'), 'https://docs.docker.com/build/building/best-practices/#user'],
    remediation: 'Create an unprivileged user and switch to it at the end: `RUN useradd -r -u 10001 app` then `USER 10001`.',
    equivalents: ['checkov:CKV_DOCKER_3', 'trivy:DS002', 'kics:fd54f200-402c-4333-a5a4-36ef6709af2f'],
    tags: ['hardening'],
    messages: { default: 'The final stage never sets USER, so the container runs as root.' },
    examples: { bad: ['FROM node:22\nCMD ["node", "app.js"]\n'], good: ['FROM node:22\nUSER node\nCMD ["node", "app.js"]\n', 'FROM gcr.io/distroless/static:nonroot\n'] },
  },
  check(doc, report) {
    const final = doc.stages[doc.stages.length - 1];
    if (!final || finalUser(doc)) return;
    const base = stageChain(final).at(-1)!;
    if (!base.image || !base.imageWord || base.imageWord.unresolved.length > 0 || /nonroot|rootless/i.test(base.image.text)) return;
    // Unsafe: the image's files may need root; 65534 is `nobody` on most distributions.
    const end = doc.text.length;
    const fix = dockerfileFix(doc, 'Run the final image as an unprivileged user (USER 65534).', [[end, end, `${end > 0 && !doc.text.endsWith('\n') ? '\n' : ''}USER 65534\n`]], 'unsafe');
    report({ range: final.imageWord?.range ?? final.from.keyword.range, fix });
  },
};
