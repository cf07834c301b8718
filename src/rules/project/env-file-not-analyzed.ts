// CGP004: an `env_file` that was not submitted, so its content was not checked. A .env file is analyzed only when a
// user submits it on purpose (directory discovery never sends one).
import { projectPath, resolveFrom } from '../../project/paths.ts';
import { specUrl } from '../compose/support.ts';
import type { ProjectRule } from './support.ts';

export const rule: ProjectRule = {
  meta: {
    id: 'CGP004',
    name: 'env-file-not-analyzed',
    target: 'project',
    title: 'env_file not analyzed',
    description:
      'Variables from an `env_file` reach the container as if written under `environment`, so plaintext secrets ' +
      'in it matter as much. A `.env` file is analyzed only when submitted on purpose (named on the CLI\'s command ' +
      'line or sent to the API; directory discovery never uploads one), so this finding records that an ' +
      '`env_file` the submission does not hold was not checked. Information, not a penalty.',
    severity: 'info',
    severityContext: [
      'A coverage note: the env file was not submitted, so it was not analysed.',
    ],
    category: 'best-practice',
    references: [specUrl('services#env_file'), 'https://docs.docker.com/compose/how-tos/use-secrets/'],
    remediation: 'Keep env files out of the repository (list them in `.gitignore`), and prefer Compose `secrets` for credentials; to have one checked, name it on the command line (`confgate compose.yaml .env`).',
    equivalents: [],
    messages: { default: 'env_file "{{path}}" of service "{{service}}" was not submitted, so it was not analyzed.' },
    examples: {
      bad: [[{ filename: 'compose.yaml', content: 'services:\n  api:\n    image: example/api:1.4\n    env_file: .env\n' }]],
      good: [[{ filename: 'compose.yaml', content: 'services:\n  api:\n    image: example/api:1.4\n    environment:\n      API_TOKEN: ${API_TOKEN:?set it}\n' }]],
    },
  },
  check(doc, report) {
    const submitted = new Set(doc.files.map((f) => projectPath(f.filename)));
    for (const file of doc.files) {
      if (file.fileType !== 'compose') continue;
      for (const s of file.parsed.doc.services) {
        for (const e of s.envFiles) {
          if (!submitted.has(resolveFrom(file.filename, e.path))) report({ file: file.filename, range: e.range, data: { path: e.path, service: s.name } });
        }
      }
    }
  },
};
