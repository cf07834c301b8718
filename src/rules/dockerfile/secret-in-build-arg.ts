// CGD031: build arguments are not secret.
import { isSecretReference, tokenKind } from '../../core/secret-values.ts';
import { buildCheckRef, isSecretName } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { nonProduction } from '../role-severity.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD031',
    name: 'secret-in-build-arg',
    target: 'dockerfile',
    title: 'Secret passed as a build argument',
    description:
      'Build-argument values are recorded in the image history and build provenance (`docker history`), so a ' +
      'password or token passed with `--build-arg` leaks to everyone who can pull the image. Secret mounts exist for this. An argument whose ' +
      'default is a file path (`/run/secrets/db`) or an AWS access key id carries no secret and is not reported; one ' +
      'whose default has the shape of a live credential (a GitHub, npm, Stripe, SendGrid… token) is, whatever its name.',
    severity: 'medium',
    severityContext: [
      'A build argument named like a secret leaks its value to the image history when one is passed; the file usually only declares it, so the leak depends on how it is built.',
      'High when the argument has a literal default (`ARG NPM_TOKEN=npm_abc123`): a secret written in the file, except in development, test, CI or example files.',
      'Trivy rates it critical; we keep medium for a declaration without a value, which is not a secret in the file.',
    ],
    category: 'secrets',
    cwe: ['CWE-522'],
    references: [buildCheckRef('secrets-used-in-arg-or-env'), 'https://docs.docker.com/build/building/secrets/'],
    remediation: 'Use a secret mount: `RUN --mount=type=secret,id=npm_token,env=NPM_TOKEN npm ci`, and `docker build --secret id=npm_token,env=NPM_TOKEN`.',
    equivalents: ['buildkit:SecretsUsedInArgOrEnv', 'trivy:DS031', 'hadolint:DL3064', 'kics:a88baa34-e2ad-44ea-ad6f-8cac87bc7c71'],
    messages: {
      default: 'Build argument "{{name}}" carries a secret into the image history.',
      token: 'Build argument "{{name}}" defaults to a {{kind}} written in the file: rotate it and use a secret mount.',
    },
    examples: { bad: ['FROM node:22\nARG NPM_TOKEN\nRUN npm ci\n'], good: ['FROM node:22\nRUN --mount=type=secret,id=npm_token,env=NPM_TOKEN npm ci\n'] },
  },
  check(doc, report, ctx) {
    for (const instr of doc.instructions) {
      const target = instr.onbuild ?? instr;
      if (target.kind !== 'ARG') continue;
      // A default that is a path (`/run/secrets/db`) or a public key id says what the argument carries: not a secret.
      for (const p of target.pairs) {
        if (!isSecretName(p.key.value)) {
          // Named like anything, but its default is shaped like a live credential (`ARG SENDGRID=SG.…`).
          const kind = p.value && !p.value.raw.includes('$') ? tokenKind(p.value.value) : undefined;
          if (kind) report({ range: p.key.range, messageId: 'token', data: { name: p.key.value, kind }, ...(nonProduction(ctx.file.role) ? {} : { severity: 'high' as const }) });
          continue;
        }
        if (p.value && isSecretReference(p.value.value)) continue;
        // A literal default is a secret written in the file, in production material a blocking defect.
        const literal = p.value !== undefined && p.value.value !== '' && !p.value.raw.includes('$');
        report({ range: p.key.range, data: { name: p.key.value }, ...(literal && !nonProduction(ctx.file.role) ? { severity: 'high' as const } : {}) });
      }
    }
  },
};
