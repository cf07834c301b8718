// CGC050: an `environment` entry that turns TLS certificate verification off.
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';
import { tlsOffVariable } from '../tls-env.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC050',
    name: 'tls-verification-env-disabled',
    target: 'compose',
    title: 'TLS verification turned off in environment',
    description:
      'Environment variables such as `*_TLS_INSECURE_SKIP_VERIFY=true`, `NODE_TLS_REJECT_UNAUTHORIZED=0`, ' +
      '`PYTHONHTTPSVERIFY=0`, `GIT_SSL_NO_VERIFY=1` and `*_SSL_VERIFY=false` make the service accept any certificate, ' +
      'so a man in the middle can read or replace its traffic. The table is shared with the Dockerfile rules ' +
      '(src/rules/tls-env.ts). Values taken from `${VAR}` interpolation are not judged.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: TLS verification off (issue #19\'s policy).',
      'High in development, test, CI and example files too: the policy\'s exception for such material covers version-less images and throwaway credentials, not TLS verification off (a copied setting ships).',
    ],
    category: 'security',
    cwe: ['CWE-295'],
    references: [specUrl('services#environment'), 'https://cwe.mitre.org/data/definitions/295.html'],
    remediation: 'Remove the variable; give the service the internal CA (mount it and point the service\'s CA setting at it).',
    equivalents: [],
    messages: { default: 'Environment variable "{{name}}" of service "{{service}}" turns TLS certificate verification off ({{value}}).' },
    examples: {
      bad: ['services:\n  agent:\n    image: example/agent:1.0\n    environment:\n      - EXPORTER_TLS_INSECURE_SKIP_VERIFY=true\n'],
      good: ['services:\n  agent:\n    image: example/agent:1.0\n    environment:\n      SSL_CERT_FILE: /run/secrets/ca.pem\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      for (const e of s.environment) {
        if (e.value === undefined || e.interpolated || !tlsOffVariable(e.key, e.value)) continue;
        report({ range: e.range, data: { name: e.key, service: s.name, value: e.value } });
      }
    }
  },
};
