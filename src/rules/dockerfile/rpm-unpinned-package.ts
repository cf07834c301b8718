// CGD110 (opt-in): yum / dnf / microdnf install of a package without a version.
import { isPackageFile, RPM_VALUE_OPTIONS, toolCalls, withStrandedVariablesEmpty } from '../../analyzers/dockerfile/query-packages.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

/** `name-1.2.3`, `name-1.2-3.el9`, `name = 1.2`, `name>=1.2`: some version is given. */
const VERSIONED = /-\d|[<>=]/;

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD110',
    name: 'rpm-unpinned-package',
    target: 'dockerfile',
    title: 'yum / dnf package installed without a pinned version',
    description:
      'Without a version, every rebuild installs whatever the repository serves that day. This check is opt-in: ' +
      'repositories drop superseded builds, so exact pins need maintenance.',
    severity: 'low',
    severityContext: [
      'Opt-in: repositories drop superseded builds.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-1357'],
    references: [hadolintRef('DL3033'), hadolintRef('DL3041')],
    remediation: 'Pin each package with its version: `dnf install -y httpd-2.4.62`.',
    equivalents: ['hadolint:DL3033', 'hadolint:DL3041', 'kics:93d88cf7-f078-46a8-8ddc-178e03aeacf1', 'kics:6452c424-1d92-4deb-bb18-a03e95d579c4'],
    messages: {
      default: 'Package `{{package}}` is installed without a version: pin it as `{{package}}-<version>`.',
      stranded: 'Package `{{package}}` takes its version from a variable set in another stage, which is empty here: declare it in this stage (ARG or ENV).',
    },
    examples: {
      bad: ['FROM rockylinux:9\nRUN dnf install -y httpd && dnf clean all\n'],
      good: ['FROM rockylinux:9\nRUN dnf install -y httpd-2.4.62 && dnf clean all\n'],
    },
    optIn: true,
  },
  check(doc, report) {
    for (const call of toolCalls(doc, ['yum', 'dnf', 'dnf5', 'microdnf'], ['install'], RPM_VALUE_OPTIONS)) {
      for (const w of call.operands) {
        // A version from a variable set only in another stage expands to nothing here: judge the word without it.
        const value = withStrandedVariablesEmpty(doc, call.cmd, w) ?? w.value;
        // `@group` and `@module:stream` are groups and module streams, not packages.
        if ((w.dynamic && value === w.value) || value.startsWith('@') || VERSIONED.test(value) || isPackageFile(w)) continue;
        // A module spec names its stream after a colon (`nodejs:20`, `nodejs:20/minimal`).
        if (call.module && w.value.includes(':')) continue;
        report({ range: w.range, data: { package: w.value }, ...(value === w.value ? {} : { messageId: 'stranded' }) });
      }
    }
  },
};
