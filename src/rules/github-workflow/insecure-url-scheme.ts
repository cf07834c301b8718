// CGW054: a download tool in a `run:` script fetching over plain `http://` or `git://`.
import type { GhaRule } from './support.ts';
import { SECURE_USE } from './support.ts';
import { runCommands } from './run-commands.ts';

const TOOLS = new Set(['curl', 'wget', 'aria2c', 'git', 'pip', 'pip3', 'uv', 'npm', 'yarn', 'pnpm', 'gem', 'helm', 'apt-add-repository', 'add-apt-repository']);
const URL = /^(?:--?[\w-]+=)?((?:http|git):\/\/([^/:@\s]*@)?([^/:\s]+))/i;

/** Hosts where plain text crosses no network: loopback, and service containers reached by a dotless name. */
function local(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return !h.includes('.') || h === 'localhost' || h.endsWith('.localhost') || /^127\./.test(h) || h === '::1' || h === '0.0.0.0' || h.startsWith('$');
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW054',
    name: 'insecure-url-scheme',
    target: 'github-workflow',
    title: 'Download over plain http:// or git:// in a run: script',
    description:
      'A tool, package or repository fetched over `http://` or `git://` travels without integrity: anyone on the ' +
      'path (a network of the runner, a proxy, a hijacked resolver) can replace it, and it then runs with the job\'s ' +
      'token and secrets. Loopback addresses and service containers (a host name without a dot) are not reported. ' +
      'Medium: a real risk, though a checksum check after the download (not seen here) would cover it.',
    severity: 'medium',
    category: 'supply-chain',
    cwe: ['CWE-319', 'CWE-494'],
    references: [SECURE_USE, 'https://docs.zizmor.sh/audits/#insecure-url-scheme'],
    remediation: 'Use `https://` (or `ssh://` for git), and verify downloaded files against a published checksum or signature.',
    equivalents: ['zizmor:insecure-url-scheme'],
    messages: { default: '{{tool}} fetches "{{url}}" over plain {{scheme}}: anyone on the network path can change what runs here.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: curl -fsSLo tool.tgz http://downloads.example.com/tool-1.2.tgz\n'],
      good: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: curl -fsSLo tool.tgz https://downloads.example.com/tool-1.2.tgz\n      - run: curl -f http://localhost:8080/health\n'],
    },
  },
  check(doc, report) {
    for (const cmd of runCommands(doc)) {
      if (!TOOLS.has(cmd.name)) continue;
      for (const w of cmd.args) {
        const m = URL.exec(w.value);
        if (!m || local(m[3]!)) continue;
        report({ range: w.range, data: { tool: cmd.name, url: m[1]!, scheme: m[1]!.split(':')[0]!.toLowerCase() } });
      }
    }
  },
};
