// CGP010: a secret passed as a compose build argument and copied into an ENV of the image.
import { plaintextSecret, specUrl } from '../compose/support.ts';
import { buildCheckRef, isSecretName } from '../dockerfile/support.ts';
import { imageInstructions, once, resolvedBuilds } from './support.ts';
import type { ProjectRule } from './support.ts';

/** Names a value refers to: `$NAME`, `${NAME}`, `${NAME:-default}`... */
function referencedNames(value: string): Set<string> {
  return new Set([...value.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!));
}

export const rule: ProjectRule = {
  meta: {
    id: 'CGP010',
    name: 'secret-build-arg-in-env',
    target: 'project',
    title: 'Secret build argument baked into the image environment',
    description:
      'The compose file passes a secret as a build argument and the Dockerfile copies it into an `ENV` of the ' +
      'image it builds (`ARG NPM_TOKEN` then `ENV NPM_TOKEN=$NPM_TOKEN`). Build arguments already show in the ' +
      'image history; an ENV makes the secret part of the image configuration itself: `docker inspect` on any ' +
      'copy of the image, and every process of every container started from it, can read it.',
    severity: 'critical',
    severityContext: [
      'The secret becomes part of the image\'s configuration: everyone who pulls the image reads it.',
    ],
    category: 'secrets',
    cwe: ['CWE-538', 'CWE-522'],
    references: [buildCheckRef('secrets-used-in-arg-or-env'), 'https://docs.docker.com/build/building/secrets/', specUrl('build#secrets')],
    remediation: 'Pass the secret with `build.secrets` and read it only in the step that needs it (`RUN --mount=type=secret,id=npm_token,env=NPM_TOKEN npm ci`); give the running container its secrets with Compose `secrets`.',
    equivalents: [],
    messages: { default: 'ENV {{env}} bakes build argument "{{arg}}" (a secret passed by service "{{service}}" of {{compose}}) into the image.' },
    examples: {
      bad: [[
        { filename: 'compose.yaml', content: 'services:\n  web:\n    build:\n      context: .\n      args:\n        NPM_TOKEN: ${NPM_TOKEN}\n' },
        { filename: 'Dockerfile', content: 'FROM node:22-slim\nARG NPM_TOKEN\nENV NPM_TOKEN=$NPM_TOKEN\nRUN npm ci\nUSER node\n' },
      ]],
      good: [[
        { filename: 'compose.yaml', content: 'services:\n  web:\n    build:\n      context: .\n      secrets: [npm_token]\nsecrets:\n  npm_token:\n    environment: NPM_TOKEN\n' },
        { filename: 'Dockerfile', content: 'FROM node:22-slim\nRUN --mount=type=secret,id=npm_token,env=NPM_TOKEN npm ci\nUSER node\n' },
      ]],
    },
  },
  check(doc, report) {
    const first = once();
    for (const b of resolvedBuilds(doc)) {
      const secrets = new Set(b.build.args.filter((a) => isSecretName(a.key) || plaintextSecret(a) !== undefined).map((a) => a.key));
      if (secrets.size === 0) continue;
      for (const env of imageInstructions(b.stage, 'ENV')) {
        for (const pair of env.pairs) {
          const arg = [...referencedNames(pair.value?.value ?? '')].find((n) => secrets.has(n) && env.env.has(n));
          if (arg === undefined || !first(`${pair.start}`)) continue;
          report({ file: b.dockerfile!.filename, range: pair.range, data: { env: pair.key.value, arg, service: b.service.name, compose: b.compose.filename } });
        }
      }
    }
  },
};
