import { testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './include-cycle.ts';

const service = (name: string) => `services:\n  ${name}:\n    image: example/${name}:1.4\n`;

testProjectRule(rule, {
  valid: [
    { name: 'a chain that does not come back', files: [{ filename: 'compose.yaml', content: 'include:\n  - a.yaml\n' + service('web') }, { filename: 'a.yaml', content: 'include:\n  - b.yaml\n' + service('a') }, { filename: 'b.yaml', content: service('b') }] },
    { name: 'two files including the same third (a diamond, not a loop)', files: [{ filename: 'compose.yaml', content: 'include:\n  - a.yaml\n  - b.yaml\n' }, { filename: 'a.yaml', content: 'include:\n  - c.yaml\n' + service('a') }, { filename: 'b.yaml', content: 'include:\n  - c.yaml\n' + service('b') }, { filename: 'c.yaml', content: service('c') }] },
    { name: 'a loop through a file that was not submitted cannot be seen', files: [{ filename: 'compose.yaml', content: 'include:\n  - a.yaml\n' + service('web') }] },
  ],
  invalid: [
    {
      name: 'a file that includes itself',
      files: [{ filename: 'deploy/compose.yaml', content: 'include:\n  - ../deploy/./compose.yaml\n' + service('web') }],
      errors: [{ file: 'deploy/compose.yaml', line: 2, column: 5, endLine: 2, endColumn: 29, message: '"../deploy/./compose.yaml" leads back to "deploy/compose.yaml": Compose refuses an include loop.' }],
    },
    {
      name: 'a loop of three, entered from a fourth file: reported once, at its first file in submission order',
      files: [
        { filename: 'compose.yaml', content: 'include:\n  - b.yaml\n' + service('web') },
        { filename: 'a.yaml', content: 'include:\n  - path: [x.yaml, b.yaml]\n' + service('a') },
        { filename: 'b.yaml', content: 'include:\n  - c.yaml\n' + service('b') },
        { filename: 'c.yaml', content: 'include:\n  - a.yaml\n' + service('c') },
      ],
      errors: [{ file: 'a.yaml', line: 2, column: 20, endLine: 2, endColumn: 26, message: '"b.yaml" leads back to "a.yaml"' }],
    },
  ],
});
