// CGD113 (opt-in): zypper install of a package without a version.
import { isPackageFile, toolCalls, ZYPPER_VALUE_OPTIONS } from '../../analyzers/dockerfile/query-packages.ts';
import { optionValue } from '../../analyzers/dockerfile/query.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

/** `name=1.2`, `name>=1.2`, `name-1.2`: some version is given. */
const VERSIONED = /-\d|[<>=]/;

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD113',
    name: 'zypper-unpinned-package',
    target: 'dockerfile',
    title: 'zypper package installed without a pinned version',
    description:
      'Without a version, every rebuild installs whatever the repository serves that day. This check is opt-in: ' +
      'repositories drop superseded builds, so exact pins need maintenance.',
    severity: 'low',
    severityContext: [
      'Opt-in: repositories drop superseded builds.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-1357'],
    references: [hadolintRef('DL3037')],
    remediation: 'Pin each package: `zypper -n install curl=8.6.0` (or a range such as `"curl>=8.6"`).',
    equivalents: ['hadolint:DL3037', 'kics:562952e4-0348-4dea-9826-44f3a2c6117b'],
    messages: { default: 'Package `{{package}}` is installed without a version: pin it as `{{package}}=<version>`.' },
    examples: {
      bad: ['FROM opensuse/leap:15.6\nRUN zypper -n install curl && zypper clean -a\n'],
      good: ['FROM opensuse/leap:15.6\nRUN zypper -n install curl=8.6.0 && zypper clean -a\n'],
    },
    optIn: true,
  },
  check(doc, report) {
    for (const call of toolCalls(doc, ['zypper'], ['install', 'in'], ZYPPER_VALUE_OPTIONS)) {
      // `-t pattern` / `-t patch` install patterns and patches, which have no versions to pin.
      const type = optionValue(call.cmd, '-t', '--type');
      if (type && type.value !== 'package') continue;
      for (const w of call.operands) {
        if (w.dynamic || VERSIONED.test(w.value) || isPackageFile(w) || w.value.includes(':')) continue;
        report({ range: w.range, data: { package: w.value } });
      }
    }
  },
};
