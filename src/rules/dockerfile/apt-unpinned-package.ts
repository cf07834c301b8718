// CGD102 (opt-in): `apt-get install` of a package without `=version`.
import { APT_VALUE_OPTIONS, isPackageFile, toolCalls } from '../../analyzers/dockerfile/query-packages.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD102',
    name: 'apt-unpinned-package',
    target: 'dockerfile',
    title: 'apt package installed without a pinned version',
    description:
      'Without `package=version` every rebuild installs whatever the mirror serves that day, so two builds of the ' +
      'same commit can differ. This check is opt-in: Debian and Ubuntu mirrors drop superseded versions, so exact ' +
      'pins also break builds unless you maintain them (or build from a snapshot mirror).',
    severity: 'low',
    severityContext: [
      'Opt-in: exact apt pins break builds when mirrors drop versions.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-1357'],
    references: [hadolintRef('DL3008'), 'https://docs.docker.com/build/building/best-practices/#apt-get'],
    remediation: 'Pin each package (`curl=7.88.1-10+deb12u8`), ideally against a snapshot mirror such as snapshot.debian.org.',
    equivalents: ['hadolint:DL3008', 'kics:965a08d7-ef86-4f14-8792-4a3b2098937e'],
    messages: { default: 'Package `{{package}}` is installed without a version: pin it as `{{package}}=<version>`.' },
    examples: {
      bad: ['FROM debian:12\nRUN apt-get install -y curl\n'],
      good: ['FROM debian:12\nRUN apt-get install -y curl=7.88.1-10+deb12u8\n'],
    },
    optIn: true,
  },
  check(doc, report) {
    for (const call of toolCalls(doc, ['apt-get', 'apt'], ['install'], APT_VALUE_OPTIONS)) {
      for (const w of call.operands) {
        if (w.dynamic || w.value.includes('=') || isPackageFile(w)) continue;
        report({ range: w.range, data: { package: w.value } });
      }
    }
  },
};
