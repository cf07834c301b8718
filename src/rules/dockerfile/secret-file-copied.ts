// CGD032: private keys and credential files copied into the image.
import { dockerfileRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

const FILES = new Set(['id_rsa', 'id_dsa', 'id_ecdsa', 'id_ed25519', '.npmrc', '.pypirc', '.netrc', '.git-credentials', '.htpasswd', '.env', 'credentials', 'credentials.json', '.dockercfg', 'service-account.json', 'kubeconfig']);
const SAFE_ENV = /^\.env\.(?:example|sample|template|dist|defaults?)$/i;

/** The credential file a source names, if any (`./keys/id_rsa`, `.env.production`, `server.key`, `~/.aws/`). */
function secretFile(source: string): string | undefined {
  const path = source.replace(/\/+$/, '');
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (FILES.has(base.toLowerCase())) return base;
  if (/^\.env\./i.test(base) && !SAFE_ENV.test(base)) return base;
  if (/\.(?:key|p12|pfx|jks|keystore)$/i.test(base)) return base;
  if (/(?:^|\/)\.(?:ssh|aws|gnupg)(?:\/|$)/.test(path) || /(?:^|\/)\.docker\/config\.json$/.test(path)) return path;
  return undefined;
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD032',
    name: 'secret-file-copied',
    target: 'dockerfile',
    title: 'Credential file copied into the image',
    description:
      'A private key, `.env` file, `.npmrc`/`.pypirc`/`.netrc` or cloud credential file copied with COPY or ADD ' +
      'stays in that layer for good — deleting it later does not remove it from the image. Example files ' +
      '(`.env.example`) are not reported.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: a credential file copied into a layer stays in the image for good.',
      'Public keys (`*.pub`, `*public*`) and example files are not credentials and are not reported.',
    ],
    category: 'secrets',
    cwe: ['CWE-538'],
    references: [dockerfileRef('#copy'), 'https://docs.docker.com/build/building/secrets/'],
    remediation: 'Use `RUN --mount=type=secret,id=npmrc,target=/root/.npmrc …` at build time, mount credentials at run time, and list such files in `.dockerignore`.',
    equivalents: [],
    messages: { default: '"{{file}}" looks like a credential file and would be baked into the image.' },
    examples: { bad: ['FROM node:22\nCOPY .npmrc package.json ./\n'], good: ['FROM node:22\nCOPY package.json .env.example ./\n'] },
  },
  check(doc, report) {
    for (const instr of doc.instructions) {
      const target = instr.onbuild ?? instr;
      if (target.kind !== 'COPY' && target.kind !== 'ADD') continue;
      if (target.flags.some((f) => f.name === 'from')) continue;
      const sources = target.json ? target.json.slice(0, -1).map((j) => ({ value: j.value, range: j.range })) : target.args.slice(0, -1).map((w) => ({ value: w.resolved, range: w.range }));
      for (const s of sources) {
        const file = secretFile(s.value);
        if (file) report({ range: s.range, data: { file } });
      }
    }
  },
};
