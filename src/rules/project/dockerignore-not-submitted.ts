// CGP025: Dockerfiles copy from their build context, but no .dockerignore was submitted for it. We cannot know what
// the repository holds, nor whether one exists: said once per project, as information.
import { contextSources } from '../../project/contexts.ts';
import type { ProjectRule } from './support.ts';

export const rule: ProjectRule = {
  meta: {
    id: 'CGP025',
    name: 'dockerignore-not-submitted',
    target: 'project',
    title: 'No .dockerignore submitted for a build context',
    description:
      'A Dockerfile copies from its build context, but no `.dockerignore` that Docker would read for it (the ' +
      'Dockerfile\'s own `<name>.dockerignore`, or `.dockerignore` at the context root) is in the submission, so ' +
      'what the context sends into the image — secrets, `.git`, `node_modules` — was not checked. The CLI sends ' +
      'the `.dockerignore` beside a Dockerfile with it. Reported once per project; information, not a penalty.',
    severity: 'info',
    severityContext: ['A coverage note: the repository may hold a .dockerignore that was not submitted.'],
    category: 'best-practice',
    references: ['https://docs.docker.com/build/concepts/context/#dockerignore-files'],
    remediation: 'Submit the `.dockerignore` with the Dockerfile, or add one that excludes `.git`, `**/.env*`, keys and dependency directories.',
    equivalents: [],
    messages: { default: 'No .dockerignore was submitted for the build context "{{context}}" of "{{dockerfile}}"{{others}}: what the context sends into the image was not checked.' },
    examples: {
      bad: [[{ filename: 'Dockerfile', content: 'FROM python:3.13-slim\nWORKDIR /app\nCOPY . .\nUSER nobody\nCMD ["python", "app.py"]\n' }]],
      good: [[
        { filename: 'Dockerfile', content: 'FROM python:3.13-slim\nWORKDIR /app\nCOPY . .\nUSER nobody\nCMD ["python", "app.py"]\n' },
        { filename: '.dockerignore', content: '.git\n**/.env*\n**/*.pem\n.venv\n' },
      ]],
    },
  },
  check(doc, report) {
    const open = doc.contexts.filter((c) => !c.ignore).map((c) => ({ ctx: c, copy: contextSources(c)[0] })).filter((x) => x.copy !== undefined);
    const [first, ...rest] = open;
    if (!first) return;
    report({
      file: first.ctx.dockerfile.filename,
      range: first.copy!.range,
      data: { context: first.ctx.dir, dockerfile: first.ctx.dockerfile.filename, others: rest.length === 0 ? '' : ` (and ${rest.length} other build context${rest.length === 1 ? '' : 's'})` },
    });
  },
};
