// CGD121: `go install pkg@latest` (or a branch) fetches whatever the module's tip is at build time.
import { toolCalls } from '../../analyzers/dockerfile/query-packages.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

/** Version queries that move: Go's `latest`/`upgrade`/`patch` and the usual branch names. */
const MOVING = new Set(['latest', 'upgrade', 'patch', 'master', 'main', 'HEAD', 'head', 'trunk', 'develop']);
/** Packages of the build context, not fetched: relative or absolute paths, `.go` files, `std`/`cmd` patterns. */
const LOCAL = /^(\.|\/|~)|\.go$|^(std|cmd|all)$|^cmd\//;
const GO_VALUE_OPTIONS = ['-C', '-o', '-p', '-tags', '-ldflags', '-gcflags', '-asmflags', '-mod', '-modfile', '-overlay', '-pkgdir', '-toolexec', '-exec'];

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD121',
    name: 'go-install-unpinned',
    target: 'dockerfile',
    title: '`go install` of a moving version',
    description:
      '`go install example.com/cmd@latest` (or `@main`) builds whatever the module serves at build time: ' +
      'rebuilds differ and a compromised release is pulled in automatically. A remote package path without ' +
      '`@version` is reported too: `go get` resolves it to the latest release, and `go install`/`go run` depend on ' +
      'whatever go.mod the build context happens to hold. Local packages (`.`, `./cmd/app`, `/src/app`, `main.go`) ' +
      'are not reported.',
    severity: 'low',
    severityContext: [
      'A moving module version is hygiene for the policy (see CGD116); the module path is reviewed.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-1357'],
    references: [hadolintRef('DL3062'), 'https://go.dev/ref/mod#go-install'],
    remediation: 'Name a release: `go install golang.org/x/tools/gopls@v0.16.2` (or track the tool in go.mod).',
    equivalents: ['hadolint:DL3062'],
    messages: {
      default: '`{{spec}}` installs a moving version; pin a release tag such as `@v1.2.3`.',
      noVersion: '`go {{sub}} {{spec}}` names no version; pin a release tag such as `{{spec}}@v1.2.3`.',
    },
    examples: {
      bad: ['FROM golang:1.23\nRUN go install github.com/go-delve/delve/cmd/dlv@latest\n'],
      good: ['FROM golang:1.23\nRUN go install github.com/go-delve/delve/cmd/dlv@v1.23.1\n'],
    },
  },
  check(doc, report) {
    for (const call of toolCalls(doc, ['go'], ['install', 'get', 'run'], GO_VALUE_OPTIONS)) {
      // `go run pkg args…`: only the first operand is a package, the rest are the program's arguments.
      const packages = call.verb === 'run' ? call.operands.slice(0, 1) : call.operands;
      for (const w of packages) {
        if (w.dynamic || LOCAL.test(w.value)) continue;
        const at = w.value.lastIndexOf('@');
        if (at === -1) report({ range: w.range, messageId: 'noVersion', data: { spec: w.value, sub: call.sub.value } });
        else if (at > 0 && MOVING.has(w.value.slice(at + 1))) report({ range: w.range, data: { spec: w.value } });
      }
    }
  },
};
