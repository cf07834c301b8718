import { testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './invalid-extends-across-files.ts';

const extending = (service: string) => `services:\n  web:\n    extends:\n      file: common.yaml\n      service: ${service}\n`;
const common = 'services:\n  app:\n    image: example/app:1.4\n';

testProjectRule(rule, {
  valid: [
    { name: 'the other file defines the service', files: [{ filename: 'compose.yaml', content: extending('app') }, { filename: 'common.yaml', content: common }] },
    { name: 'the other file was not submitted: CGP012, not this rule', files: [{ filename: 'compose.yaml', content: extending('ap') }] },
    { name: 'the other file has a syntax error: its own report says so, nothing is claimed about its services', files: [{ filename: 'compose.yaml', content: extending('app') }, { filename: 'common.yaml', content: 'services:\n  other:\n    image: [example/app:1.4\n' }] },
    { name: 'a loop within one file is CGC043', files: [{ filename: 'compose.yaml', content: 'services:\n  a:\n    extends: b\n  b:\n    extends: a\n' }] },
    { name: 'a chain through three files that ends', files: [{ filename: 'compose.yaml', content: extending('app') }, { filename: 'common.yaml', content: 'services:\n  app:\n    extends: {file: base.yaml, service: base}\n' }, { filename: 'base.yaml', content: 'services:\n  base:\n    image: example/app:1.4\n' }] },
  ],
  invalid: [
    {
      name: 'a service the other file does not define, at the service name',
      files: [{ filename: 'compose.yaml', content: extending('ap') }, { filename: 'common.yaml', content: common }],
      errors: [{ file: 'compose.yaml', line: 5, column: 16, endLine: 5, endColumn: 18, message: 'Service "web" extends "ap" of "common.yaml", which does not define it.' }],
    },
    {
      name: 'a loop across two files, reported once at its first member; a service that only reaches it is not a member',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  c:\n    extends: {file: common.yaml, service: b}\n  a:\n    extends: {file: common.yaml, service: b}\n' },
        { filename: 'common.yaml', content: 'services:\n  b:\n    extends: {file: compose.yaml, service: a}\n' },
      ],
      errors: [{ file: 'compose.yaml', line: 5, column: 43, endLine: 5, endColumn: 44, message: 'extends loop across files: a (compose.yaml) -> b (common.yaml) -> a (compose.yaml).' }],
    },
    {
      name: 'a service extending itself through its own file name',
      files: [{ filename: 'compose.yaml', content: 'services:\n  a:\n    extends: {file: ./compose.yaml, service: a}\n' }],
      errors: [{ file: 'compose.yaml', line: 3, column: 46, endLine: 3, endColumn: 47, message: 'a (compose.yaml) -> a (compose.yaml)' }],
    },
    {
      name: 'a loop mixing same-file and cross-file steps',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  a:\n    extends: b\n  b:\n    extends: {file: common.yaml, service: c}\n' },
        { filename: 'common.yaml', content: 'services:\n  c:\n    extends: {file: compose.yaml, service: a}\n' },
      ],
      errors: [{ file: 'compose.yaml', line: 3, column: 14, endLine: 3, endColumn: 15, message: 'a (compose.yaml) -> b (compose.yaml) -> c (common.yaml) -> a (compose.yaml)' }],
    },
  ],
});
