// CGD050: npm certificate checks disabled by environment.
import { isFalsy, reportEnv } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD050',
    name: 'npm-strict-ssl-env-disabled',
    target: 'dockerfile',
    title: 'npm certificate checks disabled by environment',
    description: '`NPM_CONFIG_STRICT_SSL=false` makes npm accept any registry certificate, so packages can be replaced in transit.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: TLS verification off for npm.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-295'],
    references: ['https://docs.npmjs.com/cli/v10/using-npm/config#strict-ssl'],
    remediation: 'Remove the variable; point npm at the internal CA with `NPM_CONFIG_CAFILE`.',
    equivalents: ['checkov:CKV2_DOCKER_12'],
    messages: { default: '{{name}}={{value}} disables verification of what is downloaded.' },
    examples: { bad: ['FROM node:22\nENV NPM_CONFIG_STRICT_SSL=false\n'], good: ['FROM node:22\nENV NPM_CONFIG_CAFILE=/etc/ssl/internal-ca.pem\n'] },
  },
  check(doc, report) {
    reportEnv(doc, report, ['NPM_CONFIG_STRICT_SSL', 'npm_config_strict_ssl'], isFalsy);
  },
};
