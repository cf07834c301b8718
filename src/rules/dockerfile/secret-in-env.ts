// CGD030: a credential written into ENV stays in the image.
import { isSecretReference, tokenKind } from '../../core/secret-values.ts';
import { buildCheckRef, dockerfileRef, isSecretName } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { lowerOutsideProduction } from '../role-severity.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD030',
    name: 'secret-in-env',
    target: 'dockerfile',
    title: 'Hard-coded secret in ENV',
    description:
      'ENV values are stored in the image configuration: anyone who can pull the image reads them with ' +
      '`docker inspect`, and they are in the repository too. Only literal values are reported; `ENV X=$ARG` is ' +
      'the build-argument rule\'s concern. A file path (`/run/secrets/db`, where the secret is) and an AWS access ' +
      'key id (`AKIA…`, public; its secret access key is the secret) are not secrets. A value with the shape of a ' +
      'live credential (a GitHub, npm, Stripe, SendGrid… token, a private key) is reported whatever its name.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: a literal secret in ENV ships in the image configuration and the repository.',
      'Medium in development, test, CI or example files (a word of the path such as `dev`, `test`, `ci`, `examples`): the credentials of throwaway test and example services are the example\'s, not a leak (the labelling rule).',
      'Trivy rates the same check critical; high already blocks the merge.',
    ],
    category: 'secrets',
    cwe: ['CWE-798'],
    references: [buildCheckRef('secrets-used-in-arg-or-env'), dockerfileRef('#env'), 'https://docs.docker.com/build/building/secrets/'],
    remediation: 'Pass the secret at run time (orchestrator secrets, a mounted file referenced by `*_FILE`), and at build time use `RUN --mount=type=secret`.',
    equivalents: ['buildkit:SecretsUsedInArgOrEnv', 'trivy:DS031', 'hadolint:DL3064', 'kics:a88baa34-e2ad-44ea-ad6f-8cac87bc7c71'],
    messages: {
      default: 'ENV "{{name}}" holds a hard-coded secret.',
      token: 'ENV "{{name}}" holds a {{kind}} written in the file: rotate it and pass it at run time.',
      empty: 'ENV "{{name}}" is empty here, but a secret set in the image config is readable by anyone who pulls the image; pass it at run time or as a build secret.',
    },
    examples: { bad: ['FROM postgres:16\nENV POSTGRES_PASSWORD=hunter2\n'], good: ['FROM postgres:16\nENV POSTGRES_PASSWORD_FILE=/run/secrets/db\n'] },
  },
  check(doc, report, ctx) {
    report = lowerOutsideProduction(report, ctx, 'medium');
    for (const instr of doc.instructions) {
      const target = instr.onbuild ?? instr;
      if (target.kind !== 'ENV') continue;
      for (const p of target.pairs) {
        if (!isSecretName(p.key.value)) {
          // Named like anything, but shaped like a live credential (`ENV SENDGRID=SG.…`).
          const kind = p.value && !p.value.raw.includes('$') ? tokenKind(p.value.value) : undefined;
          if (kind) report({ range: p.key.range, messageId: 'token', data: { name: p.key.value, kind } });
          continue;
        }
        // `ENV API_TOKEN=`: no secret yet, but the image config is where it is meant to go (hygiene, as BuildKit warns).
        if (!p.value || p.value.value === '') {
          report({ range: p.key.range, messageId: 'empty', data: { name: p.key.value }, severity: 'low' });
          continue;
        }
        if (p.value.raw.includes('$') || isSecretReference(p.value.value)) continue;
        report({ range: p.key.range, data: { name: p.key.value } });
      }
    }
  },
};
