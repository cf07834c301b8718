// CGP015: a service of a compose file with `include` refers to a service, volume, network, secret or config that
// neither the file nor anything it includes defines (every included file submitted).
import { isInterpolated } from '../../analyzers/compose/interpolation.ts';
import type { Ref } from '../../analyzers/compose/model.ts';
import type { ComposeFile } from '../../project/types.ts';
import { entryLabel } from '../../project/includes.ts';
import { ALL_REFERENCES } from '../compose/references.ts';
import { specUrl } from '../compose/support.ts';
import type { ProjectRule } from './support.ts';

/** The references of `file`'s services that none of `defining` defines (interpolated names are not judged). */
function undefinedIn(file: ComposeFile, defining: readonly ComposeFile[]): { ref: Ref; data: Record<string, string> }[] {
  const out: { ref: Ref; data: Record<string, string> }[] = [];
  for (const references of ALL_REFERENCES) {
    for (const service of file.parsed.doc.services) {
      for (const ref of references.refs(service)) {
        if (isInterpolated(ref.name) || defining.some((f) => references.defines(f.parsed.doc, ref.name))) continue;
        out.push({ ref, data: { service: service.name, kind: references.kind, name: ref.name } });
      }
    }
  }
  return out;
}

export const rule: ProjectRule = {
  meta: {
    id: 'CGP015',
    name: 'undefined-name-across-includes',
    target: 'project',
    title: 'Reference to a name nothing included defines',
    description:
      'Compose copies what included files define — services, volumes, networks, secrets, configs — into the including ' +
      'file\'s model, so a file with `include` may refer to names it does not define itself. Checked alone, such a ' +
      'file cannot tell a typo from a name defined elsewhere (the undefined-name rules stay quiet in it); with ' +
      'every included file submitted, the project can. A name nothing defines makes Compose refuse the project ' +
      '(`service "web" depends on undefined service`, `refers to undefined volume`…). ' +
      'An override file merged over an include entry\'s base (`path: [base.yaml, override.yaml]`) is part of that model, ' +
      'not one of its own: its references are judged against the whole entry, here, instead of by the single-file ' +
      'rules. The same holds for files merged by convention (`docker compose -f compose.yaml -f compose.prod.yaml`): an ' +
      'override beside its base (`compose.override.yaml`, `docker-compose.<name>.yml`, `compose.<name>.yaml`) is judged ' +
      'against its base and itself, and a base against the automatic override `docker compose` loads with it. ' +
      'Names written with interpolation are not checked.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: Compose refuses the project.',
    ],
    category: 'correctness',
    references: [specUrl('include'), specUrl('services#depends_on')],
    remediation: 'Fix the name, or define it in this file or in one of the files it includes.',
    equivalents: [],
    messages: {
      default: 'Service "{{service}}" refers to {{kind}} "{{name}}", which neither this file nor the files it includes define.',
      merged: 'Service "{{service}}" refers to {{kind}} "{{name}}", which no file of the include entry it is merged into ({{entry}}) defines.',
      override: 'Service "{{service}}" refers to {{kind}} "{{name}}", which neither this file nor the files Compose merges it with ({{files}}) define.',
    },
    examples: {
      bad: [[
        { filename: 'compose.yaml', content: 'include:\n  - db/compose.yaml\nservices:\n  web:\n    image: example/web:1.4\n    depends_on: [databse]\n' },
        { filename: 'db/compose.yaml', content: 'services:\n  database:\n    image: postgres:16.4\n' },
      ]],
      good: [[
        { filename: 'compose.yaml', content: 'include:\n  - db/compose.yaml\nservices:\n  web:\n    image: example/web:1.4\n    depends_on: [database]\n' },
        { filename: 'db/compose.yaml', content: 'services:\n  database:\n    image: postgres:16.4\n' },
      ]],
    },
  },
  check(doc, report) {
    const { including } = doc;
    for (const { file, model } of including) {
      // An unseen file may define anything: CGP014 says which one.
      if (!model.complete) continue;
      for (const u of undefinedIn(file, [file, ...model.files])) report({ file: file.filename, range: u.ref.range, data: u.data });
    }
    // An override merged over an entry's base (`path: [base, override]`) is judged against the whole entry, once.
    const judged = new Set<ComposeFile>();
    for (const { file, entries } of including) {
      for (const entry of entries) {
        if (!entry.model.complete) continue;
        for (const { index, target } of entry.links) {
          if (index === 0 || !target || target === file || target.parsed.doc.hasInclude || judged.has(target)) continue;
          judged.add(target);
          for (const u of undefinedIn(target, entry.model.files)) report({ file: target.filename, range: u.ref.range, messageId: 'merged', data: { ...u.data, entry: entryLabel(entry) } });
        }
      }
    }
    // Overrides beside their base, and bases with an automatic override, judged against what Compose merges.
    for (const m of doc.merges) {
      if (judged.has(m.file) || m.with.some((f) => f.parsed.syntaxErrors.length > 0)) continue;
      const files = m.with.map((f) => f.filename).join(', ');
      for (const u of undefinedIn(m.file, [m.file, ...m.with])) report({ file: m.file.filename, range: u.ref.range, messageId: 'override', data: { ...u.data, files } });
    }
  },
};
