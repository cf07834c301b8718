// CGD032: private keys and credential files copied into the image.
import { dockerfileRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { lowerOutsideProduction } from '../role-severity.ts';

const FILES = new Set(['id_rsa', 'id_dsa', 'id_ecdsa', 'id_ed25519', '.npmrc', '.pypirc', '.netrc', '.git-credentials', '.htpasswd', '.env', 'credentials', 'credentials.json', '.dockercfg', 'service-account.json', 'kubeconfig']);
const SAFE_ENV = /^\.env\.(?:example|sample|template|dist|defaults?)$/i;
/** A `.key` file its name calls public: a signing key to verify downloads with (`nginx_public_keys.key`,
 * `yarn-pubkey.gpg.key`, `nodesource-repo.gpg.key`), not a credential. */
const PUBLIC_KEY = /pub(?:lic)?[-_.]?keys?\b|\.gpg\.key$|\.asc\.key$/i;
/** A destination that holds public keys: a `.pub`/`.asc`/`.gpg` file or an apt keyring directory. */
const PUBLIC_KEY_DESTINATION = /\.(?:pub|asc|gpg)$|^\/(?:usr\/share|etc\/apt)\/keyrings\/|^\/etc\/apt\/trusted\.gpg\.d\//i;

/** The credential file a source names, if any (`./keys/id_rsa`, `.env.production`, `server.key`, `~/.aws/`). */
function secretFile(source: string): string | undefined {
  const path = source.replace(/\/+$/, '');
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (FILES.has(base.toLowerCase())) return base;
  if (/^\.env\./i.test(base) && !SAFE_ENV.test(base)) return base;
  if (/\.(?:key|p12|pfx|jks|keystore)$/i.test(base) && !PUBLIC_KEY.test(base)) return base;
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
  check(doc, report, ctx) {
    report = lowerOutsideProduction(report, ctx, 'medium');
    for (const instr of doc.instructions) {
      const target = instr.onbuild ?? instr;
      if (target.kind !== 'COPY' && target.kind !== 'ADD') continue;
      if (target.flags.some((f) => f.name === 'from')) continue;
      const sources = target.json ? target.json.slice(0, -1).map((j) => ({ value: j.value, range: j.range })) : target.args.slice(0, -1).map((w) => ({ value: w.resolved, range: w.range }));
      // A key copied to where public keys go (`COPY vendor.key /war/vendor-key.pub`) is a public key.
      const destination = target.json ? target.json.at(-1)?.value : target.args.at(-1)?.resolved;
      if (destination !== undefined && PUBLIC_KEY_DESTINATION.test(destination)) continue;
      for (const s of sources) {
        const file = secretFile(s.value);
        if (file) report({ range: s.range, data: { file } });
      }
    }
  },
};
