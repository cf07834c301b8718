import { testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './extends-file-not-submitted.ts';

const extending = (file: string) => `services:\n  web:\n    extends:\n      file: ${file}\n      service: app\n`;
const base = 'services:\n  app:\n    image: example/app:1.4\n';

testProjectRule(rule, {
  valid: [
    { name: 'the extended file was submitted', files: [{ filename: 'compose.yaml', content: extending('common.yaml') }, { filename: 'common.yaml', content: base }] },
    { name: 'file relative to the extending file, `./` in the submitted name', files: [{ filename: 'deploy/compose.yaml', content: extending('../common/base.yaml') }, { filename: './common/base.yaml', content: base }] },
    { name: 'same-file extends', files: [{ filename: 'compose.yaml', content: 'services:\n  app:\n    image: example/app:1.4\n  web:\n    extends: app\n' }] },
    { name: 'the submitted file does not define the service: CGP013, not this rule', files: [{ filename: 'compose.yaml', content: extending('common.yaml') }, { filename: 'common.yaml', content: 'services:\n  other:\n    image: example/app:1.4\n' }] },
  ],
  invalid: [
    {
      name: 'only the extending file: reported at `file`',
      files: [{ filename: 'compose.yaml', content: extending('common.yaml') }],
      errors: [{ file: 'compose.yaml', line: 4, column: 13, endLine: 4, endColumn: 24, message: 'Service "web" extends "app" of "common.yaml", which was not submitted' }],
    },
    {
      name: 'the path is resolved from the extending file\'s directory: a file of the same name elsewhere is not it',
      files: [{ filename: 'deploy/compose.yaml', content: extending('../common.yaml') }, { filename: 'deploy/common.yaml', content: base }],
      errors: [{ file: 'deploy/compose.yaml', line: 4, column: 13, endLine: 4, endColumn: 27, message: 'of "common.yaml"' }],
    },
    {
      name: 'a submitted base that extends a missing file: reported once, in the base file, however many services reach it',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  web:\n    extends: {file: common.yaml, service: app}\n  worker:\n    extends: {file: common.yaml, service: app}\n' },
        { filename: 'common.yaml', content: 'services:\n  app:\n    extends:\n      file: ../shared/base.yaml\n      service: base\n' },
      ],
      errors: [{ file: 'common.yaml', line: 4, column: 13, endLine: 4, endColumn: 32, message: 'Service "app" extends "base" of "../shared/base.yaml"' }],
    },
    {
      name: 'a file named by interpolation: it cannot be known to be missing, only unread',
      files: [{ filename: 'compose.yaml', content: extending('${COMMON_DIR}/common.yaml') }, { filename: 'common.yaml', content: base }],
      errors: [{ file: 'compose.yaml', line: 4, column: 13, endLine: 4, endColumn: 38, message: 'of a file named by interpolation ("${COMMON_DIR}/common.yaml")' }],
    },
  ],
});
