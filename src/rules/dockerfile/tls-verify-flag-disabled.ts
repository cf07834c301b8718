// CGD057: Certificate verification disabled by a command-line flag.
import { hasOption, runCommands } from '../../analyzers/dockerfile/query.ts';
import type { DockerfileRule } from './support.ts';

/** Podman, Buildah and Skopeo flags turning verification off (any casing). */
const TLS_VERIFY_OFF = new Set(['--tls-verify=false', '--src-tls-verify=false', '--dest-tls-verify=false']);

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD057',
    name: 'tls-verify-flag-disabled',
    target: 'dockerfile',
    title: 'Certificate verification disabled by a command-line flag',
    description: 'Flags such as `--insecure-skip-tls-verify` (kubectl, helm), `--tls-verify=false` (podman, buildah, skopeo) and `--no-verify-ssl` (aws) turn off certificate checks for what the build fetches or talks to.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: TLS verification off (the policy names it).',
    ],
    category: 'security',
    cwe: ['CWE-295'],
    references: ['https://kubernetes.io/docs/reference/kubectl/kubectl/'],
    remediation: "Trust the server's CA explicitly instead (`--ca-file`, `--cert-dir`, `AWS_CA_BUNDLE`).",
    equivalents: [],
    messages: { default: '"{{option}}" disables verification of what is downloaded or installed.' },
    examples: { bad: ['FROM alpine/helm:3.16\nRUN helm repo add acme https://charts.acme.dev --insecure-skip-tls-verify\n'], good: ['FROM alpine/helm:3.16\nRUN helm repo add acme https://charts.acme.dev\n'] },
  },
  check(doc, report) {
    for (const cmd of runCommands(doc)) {
      const word = hasOption(cmd, '--insecure-skip-tls-verify', '--no-verify-ssl');
      if (word) report({ range: word.range, data: { option: word.value } });
      for (const w of cmd.args) if (w.value.startsWith('--') && TLS_VERIFY_OFF.has(w.value.toLowerCase())) report({ range: w.range, data: { option: w.value } });
    }
  },
};
