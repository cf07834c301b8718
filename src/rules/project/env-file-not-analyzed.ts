// CGP004: an `env_file` is outside what Confgate can analyze.
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
      'in it matter as much. Env files are not a file type Confgate analyzes (a submission containing one is ' +
      'refused), so this finding records that their content was not checked. Information, not a penalty.',
    severity: 'info',
    severityContext: [
      'A coverage note: env files are not analysed.',
    ],
    category: 'best-practice',
    references: [specUrl('services#env_file'), 'https://docs.docker.com/compose/how-tos/use-secrets/'],
    remediation: 'Keep env files out of the repository (list them in `.gitignore`), and prefer Compose `secrets` for credentials; review their content yourself.',
    equivalents: [],
    messages: { default: 'env_file "{{path}}" of service "{{service}}" was not analyzed: secrets in it are not checked.' },
    examples: {
      bad: [[{ filename: 'compose.yaml', content: 'services:\n  api:\n    image: example/api:1.4\n    env_file: .env\n' }]],
      good: [[{ filename: 'compose.yaml', content: 'services:\n  api:\n    image: example/api:1.4\n    environment:\n      API_TOKEN: ${API_TOKEN:?set it}\n' }]],
    },
  },
  check(doc, report) {
    for (const file of doc.files) {
      if (file.fileType !== 'compose') continue;
      for (const s of file.parsed.doc.services) {
        for (const e of s.envFiles) report({ file: file.filename, range: e.range, data: { path: e.path, service: s.name } });
      }
    }
  },
};
