// CGD062: ADD <url> without --checksum.
import { dockerfileRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD062',
    name: 'add-remote-without-checksum',
    target: 'dockerfile',
    title: 'Remote ADD without --checksum',
    description: 'ADD of an HTTP(S) URL takes whatever the server returns. `--checksum=sha256:…` makes the build fail if the file changes. Git sources are not reported.',
    severity: 'low',
    severityContext: [
      'An HTTPS download without a checksum is hygiene (the server\'s certificate still authenticates it).',
      'High when the URL is plain `http://`: a plain-HTTP artifact without a checksum is a blocking defect for the policy (anyone on the path can replace it).',
    ],
    category: 'supply-chain',
    cwe: ['CWE-494'],
    references: [dockerfileRef('#add---checksum')],
    remediation: 'Add `--checksum=sha256:<digest>` (Dockerfile syntax 1.6+), or download with RUN and verify with `sha256sum -c`.',
    equivalents: ['checkov:CKV_DOCKER_4', 'kics:4b410d24-1cbe-4430-a632-62c9a931cf1c'],
    messages: { default: 'ADD downloads "{{url}}" without --checksum.' },
    examples: { bad: ['FROM alpine:3.20\nADD https://example.com/tool.tgz /opt/\n'], good: ['FROM alpine:3.20\nADD --checksum=sha256:24454f830cdb571e2c4ad15481119c43b3cafd48dd869a9b2945d1036d1dc68d https://example.com/tool.tgz /opt/\n'] },
  },
  check(doc, report) {
    for (const instr of doc.instructions) {
      const target = instr.onbuild ?? instr;
      if (target.kind !== 'ADD' || target.flags.some((f) => f.name === 'checksum')) continue;
      for (const w of target.args.slice(0, -1)) {
        if (!/^https?:\/\//i.test(w.resolved) || /\.git(?:#.*)?$/i.test(w.resolved)) continue;
        // Plain HTTP with nothing to check it against: anyone on the path can replace the file (a blocking defect).
        report({ range: w.range, data: { url: w.resolved }, ...(/^http:/i.test(w.resolved) ? { severity: 'high' as const } : {}) });
      }
    }
  },
};
