// CGP007: compose runs as root a service whose image chose a non-root USER.
import { specUrl } from '../compose/support.ts';
import { dockerfileRef } from '../dockerfile/support.ts';
import { imageInstructions, isRootUser, owner, resolvedBuilds } from './support.ts';
import type { ProjectRule } from './support.ts';

export const rule: ProjectRule = {
  meta: {
    id: 'CGP007',
    name: 'compose-user-overrides-image-user',
    target: 'project',
    title: 'Compose runs as root an image built to run unprivileged',
    description:
      'The Dockerfile ends on a non-root USER, but the compose file sets `user: root` (or uid 0) for the service ' +
      'built from it, undoing that hardening at run time: any compromise of the process is root inside the ' +
      'container, one kernel or runtime bug away from the host. (A root `user:` for an image that is root ' +
      'anyway is reported by CGC016 and CGD021.)',
    severity: 'medium',
    severityContext: [
      'The compose file undoes the image\'s non-root USER: a real risk, should fix; running as root alone is not one of the policy\'s blocking defects (see CGD021, CGC016).',
    ],
    category: 'security',
    cwe: ['CWE-250'],
    references: [specUrl('services#user'), dockerfileRef('#user')],
    remediation: 'Remove `user: root` and let the image\'s USER apply; if a start-up step needs root, do it in the image build or with a narrowly-scoped capability instead.',
    equivalents: [],
    messages: { default: 'Service "{{service}}" runs as {{user}}, overriding USER {{imageUser}} of {{file}}.' },
    examples: {
      bad: [[
        { filename: 'compose.yaml', content: 'services:\n  api:\n    build: .\n    user: root\n' },
        { filename: 'Dockerfile', content: 'FROM python:3.12-slim\nRUN useradd --no-log-init -r -u 10001 app\nUSER app\nCMD ["python", "-m", "api"]\n' },
      ]],
      good: [[
        { filename: 'compose.yaml', content: 'services:\n  api:\n    build: .\n    user: "10001:10001"\n' },
        { filename: 'Dockerfile', content: 'FROM python:3.12-slim\nRUN useradd --no-log-init -r -u 10001 app\nUSER app\nCMD ["python", "-m", "api"]\n' },
      ]],
    },
  },
  check(doc, report) {
    for (const b of resolvedBuilds(doc)) {
      const at = owner(b.layers, 'user');
      const user = at?.service.user;
      if (!at || !user || !isRootUser(user.value)) continue;
      const word = imageInstructions(b.stage, 'USER')[0]?.args[0];
      if (!word || word.unresolved.length > 0 || isRootUser(word.resolved)) continue;
      report({ file: at.compose.filename, range: user.range, data: { service: b.service.name, user: user.value, imageUser: word.resolved, file: b.dockerfile!.filename } });
    }
  },
};
