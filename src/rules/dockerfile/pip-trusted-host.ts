// CGD042: pip --trusted-host disables certificate checks.
import { runCommandsNamed } from '../../analyzers/dockerfile/query-packages.ts';
import { hasOption } from '../../analyzers/dockerfile/query.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD042',
    name: 'pip-trusted-host',
    target: 'dockerfile',
    title: 'Pip --trusted-host disables certificate checks',
    description: '`--trusted-host` makes pip accept that host over plain HTTP or with an invalid certificate, so packages can be swapped in transit.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: pip accepts that host over plain HTTP or any certificate: TLS verification off.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-295'],
    references: ['https://pip.pypa.io/en/stable/cli/pip/#cmdoption-trusted-host'],
    remediation: 'Serve the index over valid HTTPS and drop `--trusted-host`; for an internal CA set `PIP_CERT` / `--cert`.',
    equivalents: ['checkov:CKV2_DOCKER_4'],
    messages: { default: '"{{option}}" disables verification of what is downloaded or installed.' },
    examples: { bad: ['FROM python:3.13\nRUN pip install --trusted-host pypi.internal -r requirements.txt\n'], good: ['FROM python:3.13\nRUN pip install -r requirements.txt\n'] },
  },
  check(doc, report) {
    for (const cmd of runCommandsNamed(doc, 'pip', 'pip3')) {
      const word = hasOption(cmd, '--trusted-host');
      if (word) report({ range: word.range, data: { option: word.value } });
    }
  },
};
