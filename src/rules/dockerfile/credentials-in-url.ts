// CGD033: `https://user:password@host` in the Dockerfile.
import { runCommands } from '../../analyzers/dockerfile/query.ts';
import type { Range } from '../../core/types.ts';
import type { DockerfileRule } from './support.ts';
import { lowerOutsideProduction } from '../role-severity.ts';

const URL_WITH_PASSWORD = /\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@'"]+:([^\s/@'"]+)@(\[[^\]]*\]|[^\s/:?#'"]*)/i;
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** A literal password in a URL (not `$TOKEN` / `${TOKEN}`): `loopback` when the URL points at the machine itself. */
function literalPassword(text: string): { loopback: boolean } | undefined {
  // Most words hold no URL: skip the regex, which tries a scheme at every position.
  if (!text.includes('://')) return undefined;
  const m = URL_WITH_PASSWORD.exec(text);
  return m !== null && !m[1]!.startsWith('$') ? { loopback: LOOPBACK.test(m[2]!) } : undefined;
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD033',
    name: 'credentials-in-url',
    target: 'dockerfile',
    title: 'Password or token embedded in a URL',
    description:
      'A URL of the form `https://user:secret@host` puts the credential into the repository, the RUN line recorded in ' +
      'the image history, and often the files the command writes (`.git/config`, pip caches). Variables ' +
      '(`https://oauth2:${TOKEN}@…`) are not reported here; see the build-argument rule for their source.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: a credential written into a URL is in the repository and the image history.',
      'Medium in development, test, CI or example files (a word of the path such as `dev`, `test`, `ci`, `examples`): throwaway test credentials.',
      'Medium when the URL points at the loopback (`localhost`, `127.0.0.1`, `[::1]`): a build-time placeholder such as `postgresql://user:pass@localhost/dummy`, since nothing real listens there inside an image.',
    ],
    category: 'secrets',
    cwe: ['CWE-798'],
    references: ['https://docs.docker.com/build/building/secrets/'],
    remediation: 'Remove the credential from the URL and provide it through a secret mount (`--mount=type=secret`) or a credential helper.',
    equivalents: [],
    messages: { default: 'This URL embeds a password or token.' },
    examples: { bad: ['FROM alpine:3.20\nRUN git clone https://deploy:ghp_abc123@github.com/acme/app.git\n'], good: ['FROM alpine:3.20\nRUN --mount=type=secret,id=gh git clone https://github.com/acme/app.git\n'] },
  },
  check(doc, report, ctx) {
    report = lowerOutsideProduction(report, ctx, 'medium');
    const seen = new Set<string>();
    const hit = (text: string, range: Range): void => {
      const found = literalPassword(text);
      if (!found) return;
      const key = `${range.start_line}:${range.start_column}`;
      if (!seen.has(key)) {
        seen.add(key);
        // Inside an image nothing real listens on the loopback at build time: a placeholder (`user:pass@localhost`).
        report({ range, ...(found.loopback ? { severity: 'medium' as const } : {}) });
      }
    };
    for (const cmd of runCommands(doc)) {
      for (const w of cmd.node.words) hit(w.value, w.range);
      for (const a of cmd.node.assignments) hit(a.value.value, a.value.range);
    }
    for (const instr of doc.instructions) {
      const target = instr.onbuild ?? instr;
      if (target.kind === 'ENV' || target.kind === 'ARG' || target.kind === 'LABEL') for (const p of target.pairs) if (p.value) hit(p.value.value, p.value.range);
      if (target.kind === 'ADD' || target.kind === 'COPY') for (const w of target.args) hit(w.value, w.range);
    }
  },
};
