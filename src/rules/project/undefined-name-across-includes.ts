// CGP015: a service of a compose file with `include` refers to a service, volume, network, secret or config that
// neither the file nor anything it includes defines (every included file submitted).
import { isInterpolated } from '../../analyzers/compose/interpolation.ts';
import type { ComposeFile } from '../../project/types.ts';
import { includingFiles } from '../../project/includes.ts';
import { ALL_REFERENCES } from '../compose/references.ts';
import { specUrl } from '../compose/support.ts';
import type { ProjectRule } from './support.ts';

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
      'Names written with interpolation are not checked.',
    severity: 'high',
    category: 'correctness',
    references: [specUrl('include'), specUrl('services#depends_on')],
    remediation: 'Fix the name, or define it in this file or in one of the files it includes.',
    equivalents: [],
    messages: { default: 'Service "{{service}}" refers to {{kind}} "{{name}}", which neither this file nor the files it includes define.' },
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
    for (const { file, model } of includingFiles(doc)) {
      // An unseen file may define anything: CGP014 says which one.
      if (!model.complete) continue;
      const defining: ComposeFile[] = [file, ...model.files];
      for (const references of ALL_REFERENCES) {
        for (const service of file.parsed.doc.services) {
          for (const ref of references.refs(service)) {
            if (isInterpolated(ref.name) || defining.some((f) => references.defines(f.parsed.doc, ref.name))) continue;
            report({ file: file.filename, range: ref.range, data: { service: service.name, kind: references.kind, name: ref.name } });
          }
        }
      }
    }
  },
};
