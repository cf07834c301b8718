// CGP024: `COPY . .` copies the host's installed dependencies or build output (node_modules, a Python virtualenv,
// Maven/Gradle/Cargo output) into an image that installs or builds its own: a bigger context, slower builds, and,
// when the copy comes after the image's own install, the host's copy (built for another platform) replaces it.
// Judged only for what the Dockerfile's own commands say the project uses.
import { decide } from '../../analyzers/dockerignore/match.ts';
import type { Instruction } from '../../analyzers/dockerfile/types.ts';
import { contextSources, wholeContext } from '../../project/contexts.ts';
import { once, place } from './support.ts';
import type { ProjectRule } from './support.ts';

/** What the Dockerfile's RUN commands (or base image) say it installs or builds with, and the host directories that go with it. */
const ECOSYSTEMS: readonly { uses: RegExp; image?: RegExp; paths: readonly string[] }[] = [
  { uses: /\b(?:npm|yarn|pnpm|bun)\s+(?:ci|install|i|add)\b/, image: /(?:^|\/)(?:node|bun)$/, paths: ['node_modules'] },
  { uses: /\b(?:pip3?|poetry|uv|pipenv)\s+(?:install|sync)\b/, paths: ['.venv', 'venv', '__pycache__'] },
  { uses: /\b(?:mvnw?|\.\/mvnw|cargo)\s/, paths: ['target'] },
  { uses: /\b(?:gradlew?|\.\/gradlew)\s/, paths: ['build', '.gradle'] },
];

function installs(i: Instruction, uses: RegExp): boolean {
  return i.kind === 'RUN' && uses.test(i.argsText);
}

export const rule: ProjectRule = {
  meta: {
    id: 'CGP024',
    name: 'dependencies-copied-into-image',
    target: 'project',
    title: 'Host dependencies or build output copied into the image',
    description:
      '`COPY . .` sends everything the `.dockerignore` does not exclude. When the image installs its own ' +
      'dependencies or builds its own output, the host\'s `node_modules`, virtualenv or `target/` only make the ' +
      'context bigger and the build slower — and when the copy comes after the image\'s install, the host\'s ' +
      'copy, built for another platform, replaces the one built for the image. Judged for the package managers ' +
      'and build tools the Dockerfile runs.',
    severity: 'low',
    severityContext: [
      'Medium when the whole-context copy comes after the stage installs with that tool: the host\'s directory then replaces what the image installed.',
    ],
    category: 'performance',
    tags: ['hygiene'],
    references: ['https://docs.docker.com/build/concepts/context/#dockerignore-files', 'https://nodejs.org/en/learn/getting-started/nodejs-docker-webapp#dockerignore-file'],
    remediation: 'List the directory in the `.dockerignore` (`**/node_modules`, `.venv`, `target`).',
    equivalents: [],
    messages: { default: '{{instruction}} {{source}} copies "{{path}}" from the build context: {{ignore}} does not exclude it, and the image {{how}}.' },
    examples: {
      bad: [[
        { filename: 'Dockerfile', content: 'FROM node:22-slim\nWORKDIR /app\nCOPY package*.json ./\nRUN npm ci --omit=dev\nCOPY . .\nUSER node\nCMD ["node", "server.js"]\n' },
        { filename: '.dockerignore', content: '.git\n**/.env*\n' },
      ]],
      good: [[
        { filename: 'Dockerfile', content: 'FROM node:22-slim\nWORKDIR /app\nCOPY package*.json ./\nRUN npm ci --omit=dev\nCOPY . .\nUSER node\nCMD ["node", "server.js"]\n' },
        { filename: '.dockerignore', content: '.git\n**/.env*\n**/node_modules\n' },
      ]],
    },
  },
  check(doc, report) {
    // Builds of one Dockerfile with other args or targets share its COPY lines: one finding per place.
    const first = once();
    for (const ctx of doc.contexts) {
      const ignore = ctx.ignore;
      if (!ignore?.parsed.doc.usable) continue;
      const patterns = ignore.parsed.doc.patterns.map((p) => p.compiled);
      const copy = contextSources(ctx).find(wholeContext);
      if (!copy) continue;
      const runs = ctx.doc.stages.flatMap((s) => s.instructions);
      for (const eco of ECOSYSTEMS) {
        const used = runs.some((i) => installs(i, eco.uses)) || ctx.doc.stages.some((s) => eco.image?.test(s.image?.repository ?? '') === true);
        if (!used) continue;
        const path = eco.paths.find((p) => !decide(patterns, p).excluded);
        if (path === undefined || !first(`${place(ctx.dockerfile.filename, copy.range)}:${ignore.filename}:${path}`)) continue;
        const stage = copy.instruction.stage;
        const before = stage?.instructions.some((i) => i.start < copy.instruction.start && installs(i, eco.uses)) === true;
        report({
          file: ctx.dockerfile.filename,
          range: copy.range,
          ...(before ? { severity: 'medium' as const } : {}),
          data: { instruction: copy.instruction.kind, source: copy.written, path, ignore: `"${ignore.filename}"`, how: before ? 'installed its own before this copy, which replaces it' : 'installs or builds its own' },
        });
      }
    }
  },
};
