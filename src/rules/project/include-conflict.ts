// CGP016: an included model defines a service, volume, network, secret or config that the including file, or
// another of its includes, defines differently.
import { get } from '../../analyzers/compose/yaml-tree.ts';
import type { YNode } from '../../analyzers/compose/yaml-tree.ts';
import { includedModel, includingFiles } from '../../project/includes.ts';
import { ALL_REFERENCES } from '../compose/references.ts';
import { specUrl } from '../compose/support.ts';
import type { ProjectRule } from './support.ts';

/** The same YAML value, mapping keys in any order (identical definitions do not conflict). */
function same(a: YNode | undefined, b: YNode | undefined): boolean {
  if (a === undefined || b === undefined || a.kind !== b.kind) return a === b;
  if (a.kind === 'scalar') return a.value === (b as typeof a).value;
  if (a.kind === 'seq') {
    const items = (b as typeof a).items;
    return a.items.length === items.length && a.items.every((item, i) => same(item, items[i]));
  }
  const pairs = (b as typeof a).pairs;
  return a.pairs.length === pairs.length && a.pairs.every((p) => same(p.value, get(b, p.key)));
}

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
      '(`services.web conflicts with imported resource`). Identical definitions are accepted. To change an included ' +
      'definition, merge an override file into that include entry (`path: [third-party/compose.yaml, override.yaml]`) ' +
      'instead of redefining it.',
    severity: 'high',
    category: 'correctness',
    references: [specUrl('include'), 'https://docs.docker.com/compose/how-tos/multiple-compose-files/include/#include-and-overrides'],
    remediation: 'Rename one of the definitions, or move the change into an override file listed in the same include entry\'s `path`.',
    equivalents: [],
    messages: {
      default: 'The {{kind}} "{{name}}" that "{{path}}" brings in is also defined in this file, differently: Compose refuses the project.',
      twice: 'The {{kind}} "{{name}}" that "{{path}}" brings in is also brought in by "{{other}}", differently: Compose refuses the project.',
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
    for (const { file, links: own } of includingFiles(doc)) {
      for (const references of ALL_REFERENCES) {
        // Who defines each name so far: this file (`undefined`), or the path of the entry that brought it in.
        const definedBy = new Map<string, { node: YNode | undefined; by: string | undefined }>();
        for (const name of references.declared(file.parsed.doc)) definedBy.set(name, { node: get(get(file.parsed.doc.root, references.section), name), by: undefined });
        for (let entry = 0; entry < file.parsed.doc.includes.length; entry++) {
          const links = own.filter((l) => l.entry === entry);
          const first = links[0];
          if (!first) continue;
          const reported = new Set<string>();
          for (const included of includedModel(doc.includes, links).files) {
            for (const name of references.declared(included.parsed.doc)) {
              const node = get(get(included.parsed.doc.root, references.section), name);
              const earlier = definedBy.get(name);
              if (!earlier) definedBy.set(name, { node, by: first.path.value });
              else if (earlier.by !== first.path.value && !same(earlier.node, node) && !reported.has(name)) {
                reported.add(name);
                const data = { kind: references.kind, name, path: first.path.value };
                if (earlier.by === undefined) report({ file: file.filename, range: first.path.range, data });
                else report({ file: file.filename, range: first.path.range, messageId: 'twice', data: { ...data, other: earlier.by } });
              }
            }
          }
        }
      }
    }
  },
};
