// CGP023 (BuildKit's CopyIgnoredFile): a COPY or ADD names a file of the context that the .dockerignore excludes.
// Docker never sends it, so the build fails with "not found". Only sources without wildcards and without unknown
// variables are judged, and none that a later `!` exception may bring back in part.
import { decide } from '../../analyzers/dockerignore/match.ts';
import { contextSources, wholeContext } from '../../project/contexts.ts';
import { buildCheckRef } from '../dockerfile/support.ts';
import { once, place } from './support.ts';
import type { ProjectRule } from './support.ts';

export const rule: ProjectRule = {
  meta: {
    id: 'CGP023',
    name: 'copy-ignored-file',
    target: 'project',
    title: 'COPY or ADD of a file the .dockerignore excludes',
    description:
      'Docker does not send what the `.dockerignore` excludes, so `COPY` or `ADD` of an excluded path finds ' +
      'nothing and the build fails ("not found"). Matching follows Docker: the last matching pattern decides, a ' +
      'pattern matching a parent directory excludes what it holds, `!` brings paths back. Sources with wildcards or ' +
      'unknown variables are not judged, nor a directory a later `!` exception may bring back in part.',
    severity: 'high',
    severityContext: ['A careful reviewer blocks the merge: Docker does not send the file, so the build fails ("not found").'],
    category: 'correctness',
    references: [buildCheckRef('copy-ignored-file'), 'https://docs.docker.com/build/concepts/context/#dockerignore-files'],
    remediation: 'Remove the pattern from the `.dockerignore`, add a `!` exception for this path after it, or stop copying the file.',
    equivalents: ['buildkit:CopyIgnoredFile'],
    messages: { default: '{{instruction}} source "{{source}}" is excluded by "{{pattern}}" (line {{line}} of {{ignore}}): Docker does not send it, so the build fails.' },
    examples: {
      bad: [[
        { filename: 'Dockerfile', content: 'FROM nginx:1.27-alpine\nCOPY dist/ /usr/share/nginx/html/\n' },
        { filename: '.dockerignore', content: '.git\ndist\n' },
      ]],
      good: [[
        { filename: 'Dockerfile', content: 'FROM nginx:1.27-alpine\nCOPY dist/ /usr/share/nginx/html/\n' },
        { filename: '.dockerignore', content: '.git\nnode_modules\n' },
      ]],
    },
  },
  check(doc, report) {
    // Builds of one Dockerfile with other args or targets share its COPY lines: one finding per place.
    const first = once();
    for (const ctx of doc.contexts) {
      const ignore = ctx.ignore;
      if (!ignore?.parsed.doc.usable) continue;
      const patterns = ignore.parsed.doc.patterns;
      const compiled = patterns.map((p) => p.compiled);
      for (const source of contextSources(ctx)) {
        if (source.path === undefined || source.wildcard || wholeContext(source)) continue;
        const path = source.path;
        const d = decide(compiled, path);
        if (!d.excluded || d.by === undefined) continue;
        // A later exception may re-include something below a directory: Docker then sends that part.
        const below = patterns.slice(d.by + 1).some((p) => p.exclusion && (p.pattern.startsWith(`${path}/`) || /^[*?[\\]/.test(p.pattern)));
        if (below || !first(`${place(ctx.dockerfile.filename, source.range)}:${ignore.filename}`)) continue;
        const by = patterns[d.by]!;
        report({
          file: ctx.dockerfile.filename,
          range: source.range,
          data: { instruction: source.instruction.kind, source: source.written, pattern: by.written, line: by.range.start_line, ignore: `"${ignore.filename}"` },
        });
      }
    }
  },
};
