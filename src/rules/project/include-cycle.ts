// CGP017: compose files that include each other in a loop (or a file that includes itself).
import type { ComposeFile } from '../../project/types.ts';
import { specUrl } from '../compose/support.ts';
import type { ProjectRule } from './support.ts';

export const rule: ProjectRule = {
  meta: {
    id: 'CGP017',
    name: 'include-cycle',
    target: 'project',
    title: 'Compose files include each other in a loop',
    description:
      'A compose file that includes itself, or files whose `include`s lead back to one another, form a loop: Docker ' +
      'Compose refuses the project (`include cycle detected`). Each loop is reported once, at the include of its ' +
      'first file in submission order that leads back into the loop.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: Compose refuses the project.',
    ],
    category: 'correctness',
    references: [specUrl('include')],
    remediation: 'Remove the include that leads back: include a file only from the files that depend on it, never the other way round.',
    equivalents: [],
    messages: {
      default: '"{{path}}" leads back to "{{file}}": Compose refuses an include loop.',
    },
    examples: {
      bad: [[
        { filename: 'compose.yaml', content: 'include:\n  - db.yaml\nservices:\n  web:\n    image: example/web:1.4\n' },
        { filename: 'db.yaml', content: 'include:\n  - compose.yaml\nservices:\n  db:\n    image: postgres:16.4\n' },
      ]],
      good: [[
        { filename: 'compose.yaml', content: 'include:\n  - db.yaml\nservices:\n  web:\n    image: example/web:1.4\n' },
        { filename: 'db.yaml', content: 'services:\n  db:\n    image: postgres:16.4\n' },
      ]],
    },
  },
  check(doc, report) {
    const { including } = doc;
    const reach = new Map(including.map((i) => [i.file, new Set(i.model.files)]));
    const reaches = (from: ComposeFile, to: ComposeFile) => reach.get(from)?.has(to) ?? false;
    const reported = new Set<ComposeFile>();
    // `including` is in submission order: the first file of each loop reports it.
    for (const { file, entries } of including) {
      if (reported.has(file) || !reaches(file, file)) continue;
      const back = entries.flatMap((e) => e.links).find((l) => l.target !== undefined && (l.target === file || reaches(l.target, file)));
      if (!back) continue;
      // Every file of this loop (each reaches the other) is reported with it.
      for (const other of reach.get(file)!) if (reaches(other, file)) reported.add(other);
      report({ file: file.filename, range: back.path.range, data: { path: back.path.value, file: file.filename } });
    }
  },
};
