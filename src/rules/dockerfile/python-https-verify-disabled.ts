// CGD043: Python HTTPS certificate checks disabled.
import { reportEnv } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { tlsOffVariable } from '../tls-env.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD043',
    name: 'python-https-verify-disabled',
    target: 'dockerfile',
    title: 'Python HTTPS certificate checks disabled',
    description: "`PYTHONHTTPSVERIFY=0` makes Python's standard library skip certificate verification for HTTPS, for every program in the image that honours it.",
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: TLS verification off for every Python program that honours it.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-295'],
    references: ['https://peps.python.org/pep-0493/'],
    remediation: 'Remove the variable; install the CA certificate the servers need instead.',
    equivalents: ['checkov:CKV2_DOCKER_5'],
    messages: { default: '{{name}}={{value}} disables verification of what is downloaded.' },
    examples: { bad: ['FROM python:3.13\nENV PYTHONHTTPSVERIFY=0\n'], good: ['FROM python:3.13\nENV PYTHONUNBUFFERED=1\n'] },
  },
  check(doc, report) {
    reportEnv(doc, report, ['PYTHONHTTPSVERIFY'], (v) => tlsOffVariable('PYTHONHTTPSVERIFY', v) !== undefined);
  },
};
