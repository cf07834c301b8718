// CGP014: a compose file includes another compose file the submission does not contain, so the services and
// resources it brings in were not analyzed with the project.
import { REMOTE } from '../../project/paths.ts';
import { specUrl } from '../compose/support.ts';
import type { ProjectRule } from './support.ts';

export const rule: ProjectRule = {
  meta: {
    id: 'CGP014',
    name: 'include-file-not-submitted',
    target: 'project',
    title: 'Included compose file not submitted',
    description:
      'A compose file `include`s another compose file that is not among the submitted files, so the services, ' +
      'volumes, networks, secrets and configs it brings in were not analyzed, and references to them cannot be ' +
      'checked: the single-file rules for undefined names stay quiet in a file with `include`, and the project ' +
      'checks them only when every included file was submitted. The path is resolved as Compose does: relative to ' +
      'the directory of the compose file that writes it. This is information, not a penalty: the file may simply ' +
      'live elsewhere.',
    severity: 'info',
    severityContext: [
      'A coverage note.',
    ],
    category: 'best-practice',
    references: [specUrl('include'), 'https://docs.docker.com/compose/how-tos/multiple-compose-files/include/'],
    remediation:
      'Submit the included file under the path the message names (relative to the same root as the other files); ' +
      'with the CLI, name it on the command line if its file name is not one the CLI collects from directories. A ' +
      'remote include (`oci://…`, a Git URL) cannot be submitted: analyze that project on its own.',
    equivalents: [],
    messages: {
      default: '"{{path}}" is included but was not submitted: what it defines was not analyzed.',
      unresolved: 'The included file is named by interpolation ("{{path}}"): what it defines was not analyzed.',
      remote: '"{{path}}" is a remote include: what it defines was not analyzed.',
    },
    examples: {
      bad: [[{ filename: 'compose.yaml', content: 'include:\n  - db/compose.yaml\nservices:\n  web:\n    image: example/web:1.4\n    depends_on: [db]\n' }]],
      good: [[
        { filename: 'compose.yaml', content: 'include:\n  - db/compose.yaml\nservices:\n  web:\n    image: example/web:1.4\n    depends_on: [db]\n' },
        { filename: 'db/compose.yaml', content: 'services:\n  db:\n    image: postgres:16.4\n' },
      ]],
    },
  },
  check(doc, report) {
    for (const link of doc.includes) {
      if (link.target) continue;
      const at = { file: link.compose.filename, range: link.path.range };
      if (link.resolved === undefined) report({ ...at, messageId: 'unresolved', data: { path: link.path.value } });
      else report(REMOTE.test(link.resolved) ? { ...at, messageId: 'remote', data: { path: link.resolved } } : { ...at, data: { path: link.resolved } });
    }
  },
};
