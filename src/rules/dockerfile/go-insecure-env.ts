// CGD055: Go module verification disabled by environment.
import { reportEnv } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD055',
    name: 'go-insecure-env',
    target: 'dockerfile',
    title: 'Go module verification disabled by environment',
    description: '`GOINSECURE` fetches modules without HTTPS certificate checks, and `GOSUMDB=off` and `GOFLAGS=-insecure` skip the checksum database that proves modules were not altered.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: module download and checksum verification off for Go.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-295'],
    references: ['https://go.dev/ref/mod#environment-variables'],
    remediation: 'Remove the variable; for private modules set `GOPRIVATE`/`GONOSUMDB` to exactly those module paths.',
    equivalents: [],
    messages: { default: '{{name}}={{value}} disables verification of what is downloaded.' },
    examples: { bad: ['FROM golang:1.23\nENV GOINSECURE=*\n'], good: ['FROM golang:1.23\nENV GOPRIVATE=git.acme.dev\n'] },
  },
  check(doc, report) {
    reportEnv(doc, report, ['GOINSECURE'], (v) => v.trim() !== '');
    reportEnv(doc, report, ['GOSUMDB'], (v) => v.trim() === 'off');
    reportEnv(doc, report, ['GOFLAGS'], (v) => /(?:^|\s)-insecure(?:\s|=|$)/.test(v));
  },
};
