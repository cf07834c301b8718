// CGP011: the same image pinned to different versions in different files.
import type { ImageRef } from '../../analyzers/dockerfile/types.ts';
import type { Range } from '../../core/types.ts';
import { specUrl } from '../compose/support.ts';
import { dockerfileRef } from '../dockerfile/support.ts';
import type { ProjectRule } from './support.ts';

interface Use {
  file: string;
  range: Range;
  image: string;
  version: string;
}

/** `postgres`, `library/postgres` and `docker.io/library/postgres` are one repository. */
function repositoryKey(ref: ImageRef): string {
  const registry = ref.registry === undefined || /^(?:index\.|registry-1\.)?docker\.io$/i.test(ref.registry) ? 'docker.io' : ref.registry.toLowerCase();
  const repository = registry === 'docker.io' && !ref.repository.includes('/') ? `library/${ref.repository}` : ref.repository;
  return `${registry}/${repository.toLowerCase()}`;
}

function versionOf(ref: ImageRef): string {
  return ref.tag ?? (ref.digest ? `@${ref.digest}` : 'latest');
}

export const rule: ProjectRule = {
  meta: {
    id: 'CGP011',
    name: 'image-version-mismatch',
    target: 'project',
    title: 'Same image pinned to different versions across files',
    description:
      'One image is used at different versions in different files of the project (a Dockerfile builds on ' +
      '`postgres:16.3` while the compose file runs `postgres:16.4`, or two compose files disagree). Tests then ' +
      'run against another version than production, and upgrades land in one place but not the other. Only ' +
      'references whose text is known are compared; the image a service builds (`image` next to `build`) is a ' +
      'name for the result, not a version, and is left out.',
    severity: 'low',
    severityContext: [
      'Version drift between files: a maintenance risk.',
    ],
    category: 'maintainability',
    references: [dockerfileRef('#from'), specUrl('services#image')],
    remediation: 'Use one version everywhere: pin it once (a build argument, an `.env` variable used by both files) and update it in one place.',
    equivalents: [],
    messages: { default: 'Image "{{image}}" is pinned to "{{version}}" here but to "{{other}}" in {{otherFile}} (line {{otherLine}}).' },
    examples: {
      bad: [[
        { filename: 'compose.yaml', content: 'services:\n  db:\n    image: postgres:16.4\n' },
        { filename: 'db/Dockerfile', content: 'FROM postgres:16.3\nCOPY init.sql /docker-entrypoint-initdb.d/\n' },
      ]],
      good: [[
        { filename: 'compose.yaml', content: 'services:\n  db:\n    image: postgres:16.4\n' },
        { filename: 'db/Dockerfile', content: 'FROM postgres:16.4\nCOPY init.sql /docker-entrypoint-initdb.d/\n' },
      ]],
    },
  },
  check(doc, report) {
    const byRepository = new Map<string, Use[]>();
    const add = (ref: ImageRef, file: string, range: Range): void => {
      const key = repositoryKey(ref);
      const image = ref.registry === undefined ? ref.repository : `${ref.registry}/${ref.repository}`;
      byRepository.set(key, [...(byRepository.get(key) ?? []), { file, range, image, version: versionOf(ref) }]);
    };
    // A built service's `image:` names what the build makes, not a version; past an open chain a build may be inherited.
    const named = new Set(doc.services.filter((s) => s.open || s.layers.some((l) => l.service.build)).map((s) => s.service));
    for (const file of doc.files) {
      if (file.fileType === 'dockerfile') {
        for (const stage of file.parsed.doc.stages) {
          const word = stage.imageWord;
          if (word && stage.image && !stage.image.stage && !stage.image.scratch && word.unresolved.length === 0) add(stage.image, file.filename, word.range);
        }
      } else if (file.fileType === 'compose') {
        for (const s of file.parsed.doc.services) {
          if (s.image && !s.image.interpolated && !named.has(s)) add(s.image.ref, file.filename, s.image.range);
        }
      }
    }
    for (const uses of byRepository.values()) {
      for (const use of uses) {
        const other = uses.find((u) => u.file !== use.file && u.version !== use.version);
        if (!other) continue;
        report({ file: use.file, range: use.range, data: { image: use.image, version: use.version, other: other.version, otherFile: other.file, otherLine: other.range.start_line } });
      }
    }
  },
};
