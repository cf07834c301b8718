// CGP016: an included model defines a service, volume, network, secret or config that the including file, or
// another of its includes, defines too.
import type { ComposeFile } from '../../project/types.ts';
import { entryLabel } from '../../project/includes.ts';
import { ALL_REFERENCES } from '../compose/references.ts';
import { specUrl } from '../compose/support.ts';
import type { ProjectRule } from './support.ts';

export const rule: ProjectRule = {
  meta: {
    id: 'CGP016',
    name: 'include-conflict',
    target: 'project',
    title: 'Included file redefines a name',
    description:
      'Compose copies what an included file defines into the including file\'s model and does not merge ' +
      'definitions: a service, volume, network, secret or config defined both by the including file and by what it ' +
      'includes — or by two of its includes — is a conflict, and Docker Compose refuses the project ' +
      '(`services.web conflicts with imported resource`). Compose compares the included definition after loading it ' +
      '(relative paths made absolute, short syntax expanded) with the other as written, so a copy rarely compares ' +
      'equal: only the same file brought in twice is never reported. To change an included ' +
      'definition, merge an override file into that include entry (`path: [third-party/compose.yaml, override.yaml]`) ' +
      'instead of redefining it.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: Compose refuses the project.',
    ],
    category: 'correctness',
    references: [specUrl('include'), 'https://docs.docker.com/compose/how-tos/multiple-compose-files/include/#include-and-overrides'],
    remediation: 'Rename one of the definitions, or move the change into an override file listed in the same include entry\'s `path`.',
    equivalents: [],
    messages: {
      default: 'The {{kind}} "{{name}}" that "{{path}}" brings in is also defined in this file: Compose refuses the project.',
      twice: 'The {{kind}} "{{name}}" that "{{path}}" brings in is also brought in by "{{other}}": Compose refuses the project.',
    },
    examples: {
      bad: [[
        { filename: 'compose.yaml', content: 'include:\n  - db/compose.yaml\nservices:\n  db:\n    image: postgres:17.0\n' },
        { filename: 'db/compose.yaml', content: 'services:\n  db:\n    image: postgres:16.4\n' },
      ]],
      good: [[
        { filename: 'compose.yaml', content: 'include:\n  - path: [db/compose.yaml, db-override.yaml]\n' },
        { filename: 'db/compose.yaml', content: 'services:\n  db:\n    image: postgres:16.4\n' },
        { filename: 'db-override.yaml', content: 'services:\n  db:\n    image: postgres:17.0\n' },
      ]],
    },
  },
  check(doc, report) {
    for (const { file, entries } of doc.including) {
      // Each file enters the model with the first entry that brings it in: the same file brought in again adds nothing
      // new, and the paths of one entry are merged, not in conflict. The file itself (an include loop) is left out.
      const entryOf = new Map<ComposeFile, number>();
      entries.forEach((entry, index) => {
        for (const f of entry.model.files) if (f !== file && !entryOf.has(f)) entryOf.set(f, index);
      });
      for (const references of ALL_REFERENCES) {
        // Who defines each name so far: this file (-1) or an entry (its index).
        const definedBy = new Map<string, number>();
        for (const name of references.declared(file.parsed.doc)) definedBy.set(name, -1);
        const reported = new Set<string>();
        for (const [included, index] of entryOf) {
          for (const name of references.declared(included.parsed.doc)) {
            const earlier = definedBy.get(name);
            if (earlier === undefined) definedBy.set(name, index);
            else if (earlier !== index && !reported.has(`${index}\0${name}`)) {
              reported.add(`${index}\0${name}`);
              const range = entries[index]!.links[0]!.path.range;
              const data = { kind: references.kind, name, path: entryLabel(entries[index]!) };
              if (earlier === -1) report({ file: file.filename, range, data });
              else report({ file: file.filename, range, messageId: 'twice', data: { ...data, other: entryLabel(entries[earlier]!) } });
            }
          }
        }
      }
    }
  },
};
