// CGP022: `COPY . .` (or `ADD`, `/`, `*`) sends the whole build context into the image, and the .dockerignore Docker
// reads for it does not exclude the usual secret files. We know the patterns, not the repository: a file that
// exists is only certain when the submission shows it (a submitted .env, an `env_file` of a service built from
// this context), which raises the finding to high.
import { posix } from 'node:path';
import { decide } from '../../analyzers/dockerignore/match.ts';
import { contextSources, wholeContext } from '../../project/contexts.ts';
import { projectPath, resolveFrom } from '../../project/paths.ts';
import type { BuildContext } from '../../project/types.ts';
import { once, place } from './support.ts';
import type { ProjectRule } from './support.ts';

/** Kinds of secret files and paths that stand for them, at the root and below it (`*.pem` is the root only). */
export const SECRET_FILES: readonly { label: string; probes: readonly string[] }[] = [
  { label: '.env files (.env*)', probes: ['.env', '.env.production', 'config/.env'] },
  { label: 'private keys (*.pem, *.key)', probes: ['server.pem', 'server.key', 'certs/server.pem', 'certs/server.key'] },
  { label: 'SSH keys (id_*)', probes: ['id_rsa', 'id_ed25519', '.ssh/id_rsa'] },
  { label: '.npmrc', probes: ['.npmrc'] },
  { label: '.git', probes: ['.git/config'] },
  { label: '.aws/', probes: ['.aws/credentials'] },
];

/** A path relative to the context root, or undefined when it lies outside. */
function inContext(ctx: BuildContext, path: string): string | undefined {
  const rel = posix.relative(ctx.dir === '.' ? '' : ctx.dir, path);
  return rel === '' || rel.startsWith('..') ? undefined : rel;
}

/** Files the submission shows inside the context: submitted .env files, and `env_file`s of the builds using it. */
function knownSecretFiles(ctx: BuildContext, submitted: readonly string[]): string[] {
  const fromCompose = ctx.builds.flatMap((b) => b.service.envFiles.map((e) => resolveFrom(b.compose.filename, e.path)));
  return [...new Set([...submitted, ...fromCompose])].flatMap((p) => inContext(ctx, p) ?? []);
}

export const rule: ProjectRule = {
  meta: {
    id: 'CGP022',
    name: 'context-secrets-not-ignored',
    target: 'project',
    title: 'Whole build context copied with secret files not excluded',
    description:
      '`COPY . .` copies everything the build context holds that the `.dockerignore` does not exclude, into a ' +
      'layer anyone with the image can read: `.env` files, private keys, SSH keys, `.npmrc` tokens, the `.git` ' +
      'history, `.aws/` credentials. A later `rm` does not remove them from the earlier layer. Docker matches ' +
      'patterns its own way: a pattern without `/` matches at the context root only, so `*.pem` leaves ' +
      '`certs/server.pem` in; `**/*.pem` excludes it everywhere. Confgate sees the patterns, not the repository, ' +
      'so the finding says what the patterns let through.',
    severity: 'medium',
    severityContext: [
      'Medium: the patterns let such files through, but whether the repository holds them is unknown.',
      'High when the submission shows one in the context: a submitted `.env` file, or an `env_file` of a service built from this context, that the patterns do not exclude.',
    ],
    category: 'secrets',
    cwe: ['CWE-538'],
    references: ['https://docs.docker.com/build/concepts/context/#dockerignore-files', 'https://docs.docker.com/build/building/secrets/'],
    remediation: 'Exclude them in the `.dockerignore` (`**/.env*`, `**/*.pem`, `**/*.key`, `**/id_*`, `**/.npmrc`, `.git`, `.aws`), or copy only what the image needs (`COPY src/ ./src/`); pass build secrets with `RUN --mount=type=secret`.',
    equivalents: [],
    messages: {
      default: '{{instruction}} {{source}} sends the build context "{{context}}" into the image, and {{ignore}} does not exclude {{kinds}}.',
      known: '{{instruction}} {{source}} sends the build context "{{context}}" into the image, and {{ignore}} does not exclude {{kinds}}; "{{file}}" is in that context.',
    },
    examples: {
      bad: [[
        { filename: 'Dockerfile', content: 'FROM node:22-slim\nWORKDIR /app\nCOPY . .\nRUN npm ci --omit=dev\nUSER node\nCMD ["node", "server.js"]\n' },
        { filename: '.dockerignore', content: 'node_modules\n*.pem\n' },
      ]],
      good: [[
        { filename: 'Dockerfile', content: 'FROM node:22-slim\nWORKDIR /app\nCOPY . .\nRUN npm ci --omit=dev\nUSER node\nCMD ["node", "server.js"]\n' },
        { filename: '.dockerignore', content: 'node_modules\n.git\n.aws\n**/.env*\n**/*.pem\n**/*.key\n**/id_*\n**/.npmrc\n' },
      ]],
    },
  },
  check(doc, report) {
    // Builds of one Dockerfile with other args or targets share its COPY lines: one finding per place.
    const first = once();
    const submitted = doc.files.filter((f) => f.fileType === 'dotenv').map((f) => projectPath(f.filename));
    for (const ctx of doc.contexts) {
      if (!ctx.ignore?.parsed.doc.usable) continue;
      const patterns = ctx.ignore.parsed.doc.patterns.map((p) => p.compiled);
      const copies = contextSources(ctx).filter(wholeContext);
      if (copies.length === 0) continue;
      const kinds = SECRET_FILES.filter((k) => k.probes.some((p) => !decide(patterns, p).excluded)).map((k) => k.label);
      const known = knownSecretFiles(ctx, submitted).find((p) => !decide(patterns, p).excluded);
      if (kinds.length === 0 && known === undefined) continue;
      const copy = copies[0]!;
      if (!first(`${place(ctx.dockerfile.filename, copy.range)}:${ctx.ignore.filename}`)) continue;
      report({
        file: ctx.dockerfile.filename,
        range: copy.range,
        ...(known === undefined ? {} : { messageId: 'known', severity: 'high' as const }),
        data: {
          instruction: copy.instruction.kind,
          source: copy.written,
          context: ctx.dir,
          ignore: `"${ctx.ignore.filename}"`,
          kinds: kinds.length > 0 ? kinds.join(', ') : 'it',
          ...(known === undefined ? {} : { file: ctx.dir === '.' ? known : `${ctx.dir}/${known}` }),
        },
      });
    }
  },
};
