// CGD121: `go install pkg@latest` (or a branch) fetches whatever the module's tip is at build time.
import { toolCalls } from '../../analyzers/dockerfile/query-packages.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

/** Version queries that move: Go's `latest`/`upgrade`/`patch` and the usual branch names. */
const MOVING = new Set(['latest', 'upgrade', 'patch', 'master', 'main', 'HEAD', 'head', 'trunk', 'develop']);
const GO_VALUE_OPTIONS = ['-C', '-o', '-p', '-tags', '-ldflags', '-gcflags', '-asmflags', '-mod', '-modfile', '-overlay', '-pkgdir', '-toolexec', '-exec'];

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD121',
    name: 'go-install-unpinned',
    target: 'dockerfile',
    title: '`go install` of a moving version',
    description:
      '`go install example.com/cmd@latest` (or `@main`) builds whatever the module serves at build time: ' +
      'rebuilds differ and a compromised release is pulled in automatically. A package path without `@version` ' +
      'is not reported: inside a module it builds the version go.mod pins, outside one Go refuses to build it.',
    severity: 'low',
    severityContext: [
      'A moving module version is hygiene for the policy (see CGD116); the module path is reviewed.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-1357'],
    references: [hadolintRef('DL3062'), 'https://go.dev/ref/mod#go-install'],
    remediation: 'Name a release: `go install golang.org/x/tools/gopls@v0.16.2` (or track the tool in go.mod).',
    equivalents: ['hadolint:DL3062'],
    messages: { default: '`{{spec}}` installs a moving version; pin a release tag such as `@v1.2.3`.' },
    examples: {
      bad: ['FROM golang:1.23\nRUN go install github.com/go-delve/delve/cmd/dlv@latest\n'],
      good: ['FROM golang:1.23\nRUN go install github.com/go-delve/delve/cmd/dlv@v1.23.1\n'],
    },
  },
  check(doc, report) {
    for (const call of toolCalls(doc, ['go'], ['install', 'get'], GO_VALUE_OPTIONS)) {
      for (const w of call.operands) {
        const at = w.value.lastIndexOf('@');
        if (w.dynamic || at <= 0 || !MOVING.has(w.value.slice(at + 1))) continue;
        report({ range: w.range, data: { spec: w.value } });
      }
    }
  },
};
