import { testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './dockerignore-not-submitted.ts';

const copy = 'FROM alpine:3.20\nCOPY app.sh /\n';

testProjectRule(rule, {
  valid: [
    { name: 'submitted', files: [{ filename: 'Dockerfile', content: copy }, { filename: '.dockerignore', content: '.git\n' }] },
    { name: 'nothing copied from the context', files: [{ filename: 'Dockerfile', content: 'FROM alpine:3.20\nRUN apk add --no-cache curl\n' }] },
    { name: 'no Dockerfile', files: [{ filename: 'compose.yaml', content: 'services:\n  a:\n    image: alpine:3.20\n' }] },
  ],
  invalid: [
    {
      name: 'said once for several contexts',
      files: [{ filename: 'api/Dockerfile', content: copy }, { filename: 'web/Dockerfile', content: copy }, { filename: 'worker/Dockerfile', content: copy }, { filename: 'worker/.dockerignore', content: '.git\n' }],
      errors: [{ file: 'api/Dockerfile', line: 2, column: 6, endLine: 2, endColumn: 12, message: 'No .dockerignore was submitted for the build context "api" of "api/Dockerfile" (and 1 other build context): what the context sends into the image was not checked.' }],
    },
  ],
});
