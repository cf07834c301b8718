// CGD107 (opt-in): `apk add` of a package without a version constraint.
import { APK_VALUE_OPTIONS, isPackageFile, toolCalls } from '../../analyzers/dockerfile/query-packages.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD107',
    name: 'apk-unpinned-package',
    target: 'dockerfile',
    title: 'apk package installed without a pinned version',
    description:
      'Without `package=version` (or `~version`) every rebuild installs whatever the Alpine mirror serves that day. ' +
      'This check is opt-in: Alpine keeps only the latest build of each package per branch, so exact pins break ' +
      'builds as soon as a fix is published; `~1.2` (any 1.2.x) is a practical middle ground.',
    severity: 'low',
    severityContext: [
      'Opt-in: Alpine keeps only the latest build of a package.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-1357'],
    references: [hadolintRef('DL3018'), 'https://wiki.alpinelinux.org/wiki/Alpine_Package_Keeper#Holding_a_specific_package_back'],
    remediation: 'Pin each package: `apk add --no-cache curl=8.9.1-r2`, or allow patch releases with `curl~8.9`.',
    equivalents: ['hadolint:DL3018', 'kics:d3499f6d-1651-41bb-a9a7-de925fea487b'],
    messages: { default: 'Package `{{package}}` is installed without a version: pin it as `{{package}}=<version>` or `{{package}}~<version>`.' },
    examples: {
      bad: ['FROM alpine:3.20\nRUN apk add --no-cache curl\n'],
      good: ['FROM alpine:3.20\nRUN apk add --no-cache curl~8.9\n'],
    },
    optIn: true,
  },
  check(doc, report) {
    for (const call of toolCalls(doc, ['apk'], ['add'], APK_VALUE_OPTIONS)) {
      for (const w of call.operands) {
        if (w.dynamic || /[=~<>]/.test(w.value) || isPackageFile(w)) continue;
        report({ range: w.range, data: { package: w.value } });
      }
    }
  },
};
