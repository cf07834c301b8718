// CGD145: a variable that turns TLS certificate verification off (`*_INSECURE_SKIP_VERIFY=true`, `*_SSL_VERIFY=false`).
import { envSettings } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { tlsOffVariable } from '../tls-env.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD145',
    name: 'tls-verification-env-disabled',
    target: 'dockerfile',
    title: 'TLS verification turned off by an environment variable',
    description:
      'Variables such as `*_INSECURE_SKIP_VERIFY=true` and `*_SSL_VERIFY=false` make a program accept any certificate, ' +
      'so a man in the middle can read or replace what it sends and receives. The variables with a rule of their own ' +
      '(`NODE_TLS_REJECT_UNAUTHORIZED`, `PYTHONHTTPSVERIFY`, `GIT_SSL_NO_VERIFY`, `NPM_CONFIG_STRICT_SSL`) are theirs; ' +
      'the table is shared with the Compose rule CGC050 (src/rules/tls-env.ts).',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: TLS verification off (issue #19\'s policy).',
      'High in development, test, CI and example files too: the policy\'s exception for such material covers version-less images and throwaway credentials, not TLS verification off (a copied setting ships).',
    ],
    category: 'security',
    cwe: ['CWE-295'],
    references: ['https://cwe.mitre.org/data/definitions/295.html'],
    remediation: 'Remove the variable; give the program the internal CA (a CA bundle variable or `update-ca-certificates`).',
    equivalents: [],
    messages: { default: '{{name}}={{value}} turns TLS certificate verification off.' },
    examples: { bad: ['FROM alpine:3.20\nENV EXPORTER_TLS_INSECURE_SKIP_VERIFY=true\n'], good: ['FROM alpine:3.20\nENV SSL_CERT_FILE=/etc/ssl/internal-ca.pem\n'] },
  },
  check(doc, report) {
    for (const s of envSettings(doc)) {
      const t = tlsOffVariable(s.name, s.value);
      if (t && t.dockerfileRule === undefined) report({ range: s.span.range, data: { name: s.name, value: s.value } });
    }
  },
};
