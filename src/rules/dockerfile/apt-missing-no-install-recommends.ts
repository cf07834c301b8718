// CGD101: `apt-get install` that also pulls in recommended packages.
import { APT_VALUE_OPTIONS, commandRange, toolCalls } from '../../analyzers/dockerfile/query-packages.ts';
import { hasOption, optionValue } from '../../analyzers/dockerfile/query.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { insertAfter } from './fix.ts';

/** Recommends turned off for every apt call (`APT::Install-Recommends "false";` in apt.conf.d). */
const CONFIGURED = /APT::Install-Recommends/i;
const OFF = /^APT::Install-Recommends=(false|0|no|off)$/i;

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD101',
    name: 'apt-missing-no-install-recommends',
    target: 'dockerfile',
    title: '`apt-get install` without `--no-install-recommends`',
    description:
      'By default apt also installs every package the requested ones merely *recommend*. In an image that ' +
      'typically adds tens to hundreds of megabytes of software nobody asked for, and with it more code to patch ' +
      'and a larger attack surface.',
    severity: 'low',
    severityContext: [
      'Image size and surface only.',
      'Trivy rates it high; recommended packages are bloat, not a defect.',
    ],
    category: 'performance',
    references: [hadolintRef('DL3015'), 'https://docs.docker.com/build/building/best-practices/#apt-get'],
    remediation: 'Add `--no-install-recommends` and list any recommended package you really need explicitly.',
    equivalents: ['hadolint:DL3015', 'trivy:DS029', 'kics:7384dfb2-fcd1-4fbf-91cd-6c44c318c33c'],
    tags: ['hygiene'],
    messages: { default: '`{{command}}` also installs recommended packages; add `--no-install-recommends`.' },
    examples: {
      bad: ['FROM debian:12\nRUN apt-get update && apt-get install -y curl\n'],
      good: ['FROM debian:12\nRUN apt-get update && apt-get install -y --no-install-recommends curl\n'],
    },
  },
  check(doc, report) {
    const calls = toolCalls(doc, ['apt-get', 'apt'], ['install'], APT_VALUE_OPTIONS);
    // The configuration scan reads every instruction's text: only worth it when there is a call to excuse.
    if (calls.length === 0 || doc.instructions.some((i) => CONFIGURED.test(i.argsText) || i.heredocs.some((h) => CONFIGURED.test(h.body.text)))) return;
    for (const call of calls) {
      if (call.operands.length === 0 || hasOption(call.cmd, '--no-install-recommends')) continue;
      const option = optionValue(call.cmd, '-o', '--option');
      if (option && OFF.test(option.value)) continue;
      report({ range: commandRange(call.cmd, call.sub), data: { command: `${call.cmd.name} ${call.sub.value}` }, fix: insertAfter(doc, call.sub, ' --no-install-recommends', 'Add --no-install-recommends.') });
    }
  },
};
