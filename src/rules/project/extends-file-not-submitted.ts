// CGP012: a service extends a service of a compose file the submission does not contain, so what it inherits
// was not analyzed.
import { specUrl } from '../compose/support.ts';
import { once, place } from './support.ts';
import type { ProjectRule } from './support.ts';

export const rule: ProjectRule = {
  meta: {
    id: 'CGP012',
    name: 'extends-file-not-submitted',
    target: 'project',
    title: 'Extended compose file not submitted',
    description:
      'A service `extends` a service of another compose file that is not among the submitted files, so the ' +
      'settings it inherits from there (image, build, ports, user, environment, volumes...) were not analyzed, ' +
      'and checks that need the whole service (a health check anywhere, ports the image does not map) stay ' +
      'quiet for it. `file` is resolved as Compose does: relative to the directory of the compose file that ' +
      'writes it. This is information, not a penalty: the file may simply live elsewhere.',
    severity: 'info',
    severityContext: [
      'A coverage note.',
    ],
    category: 'best-practice',
    references: [specUrl('services#extends'), 'https://docs.docker.com/compose/how-tos/multiple-compose-files/extends/'],
    remediation:
      'Submit the extended file under the path the message names (relative to the same root as the other files); ' +
      'with the CLI, name it on the command line if its file name is not one the CLI collects from directories.',
    equivalents: [],
    messages: {
      default: 'Service "{{service}}" extends "{{base}}" of "{{path}}", which was not submitted: what it inherits was not analyzed.',
      unresolved: 'Service "{{service}}" extends "{{base}}" of a file named by interpolation ("{{path}}"): what it inherits was not analyzed.',
    },
    examples: {
      bad: [[{ filename: 'compose.yaml', content: 'services:\n  web:\n    extends:\n      file: common.yaml\n      service: app\n' }]],
      good: [[
        { filename: 'compose.yaml', content: 'services:\n  web:\n    extends:\n      file: common.yaml\n      service: app\n' },
        { filename: 'common.yaml', content: 'services:\n  app:\n    image: example/app:1.4\n' },
      ]],
    },
  },
  check(doc, report) {
    const first = once();
    for (const s of doc.services) {
      const open = s.open;
      if (open?.reason !== 'notSubmitted' && open?.reason !== 'unresolved') continue;
      const { compose, service } = open.at;
      const ext = service.extends!;
      if (!first(place(compose.filename, ext.range))) continue;
      const data = { service: service.name, base: ext.service };
      if (open.reason === 'notSubmitted') report({ file: compose.filename, range: ext.file!.range, data: { ...data, path: open.path } });
      else report({ file: compose.filename, range: ext.file!.range, messageId: 'unresolved', data: { ...data, path: ext.file!.value } });
    }
  },
};
