// CGD044: Node.js TLS certificate checks disabled.
import { reportEnv } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { tlsOffVariable } from '../tls-env.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD044',
    name: 'node-tls-reject-unauthorized-disabled',
    target: 'dockerfile',
    title: 'Node.js TLS certificate checks disabled',
    description: '`NODE_TLS_REJECT_UNAUTHORIZED=0` makes every Node.js TLS connection accept any certificate — during the build (npm) and, if set with ENV, at run time.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: TLS verification off for every Node.js connection.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-295'],
    references: ['https://nodejs.org/api/cli.html#node_tls_reject_unauthorizedvalue'],
    remediation: 'Remove the variable; give Node.js the internal CA with `NODE_EXTRA_CA_CERTS=/path/ca.pem`.',
    equivalents: ['checkov:CKV2_DOCKER_6'],
    messages: { default: '{{name}}={{value}} disables verification of what is downloaded.' },
    examples: { bad: ['FROM node:22\nENV NODE_TLS_REJECT_UNAUTHORIZED=0\n'], good: ['FROM node:22\nENV NODE_EXTRA_CA_CERTS=/etc/ssl/internal-ca.pem\n'] },
  },
  check(doc, report) {
    reportEnv(doc, report, ['NODE_TLS_REJECT_UNAUTHORIZED'], (v) => tlsOffVariable('NODE_TLS_REJECT_UNAUTHORIZED', v) !== undefined);
  },
};
