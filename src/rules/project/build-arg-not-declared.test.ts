import { testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './build-arg-not-declared.ts';

const df = 'ARG BASE=alpine:3.20\nFROM ${BASE}\nARG VERSION\nRUN echo "$VERSION" > /version\nUSER 10001\n';

testProjectRule(rule, {
  valid: [
    { name: 'global and stage ARGs, map syntax', files: [{ filename: 'compose.yaml', content: 'services:\n  a:\n    build:\n      context: .\n      args:\n        BASE: alpine:3.21\n        VERSION: "1.2"\n' }, { filename: 'Dockerfile', content: df }] },
    { name: 'list syntax, value from the host environment', files: [{ filename: 'compose.yaml', content: 'services:\n  a:\n    build:\n      context: .\n      args:\n        - VERSION\n        - BASE=alpine:3.21\n' }, { filename: 'Dockerfile', content: df }] },
    { name: 'predefined proxy and BuildKit arguments', files: [{ filename: 'compose.yaml', content: 'services:\n  a:\n    build:\n      context: .\n      args:\n        HTTP_PROXY: http://proxy:3128\n        no_proxy: localhost\n        BUILDKIT_INLINE_CACHE: "1"\n' }, { filename: 'Dockerfile', content: df }] },
    { name: 'declared by ONBUILD ARG', files: [{ filename: 'compose.yaml', content: 'services:\n  a:\n    build:\n      context: .\n      args: [LATER=1]\n' }, { filename: 'Dockerfile', content: 'FROM alpine:3.20\nONBUILD ARG LATER\n' }] },
    { name: 'Dockerfile not submitted: nothing to compare', files: [{ filename: 'compose.yaml', content: 'services:\n  a:\n    build:\n      context: .\n      args: [TYPO=1]\n' }] },
    { name: 'args merged by name across files', files: [{ filename: 'compose.yaml', content: 'services:\n  a:\n    extends: {file: common.yaml, service: base}\n    build:\n      args: {VERSION: "1.3"}\n' }, { filename: 'common.yaml', content: 'services:\n  base:\n    build:\n      context: .\n      args: {BASE: alpine:3.21, VERSION: "1.2"}\n' }, { filename: 'Dockerfile', content: df }] },
  ],
  invalid: [
    {
      name: 'declared only in a stage after the target: the build never consumes it',
      files: [{ filename: 'compose.yaml', content: 'services:\n  a:\n    build:\n      context: .\n      target: base\n      args: [EXTRA=1]\n' }, { filename: 'Dockerfile', content: 'FROM alpine:3.20 AS base\nFROM base\nARG EXTRA\n' }],
      errors: [{ file: 'compose.yaml', line: 6, column: 14, endLine: 6, endColumn: 19, message: 'not declared by any ARG of Dockerfile up to stage "base"' }],
    },
    {
      name: 'a typo in map syntax, at the key',
      files: [{ filename: 'compose.yaml', content: 'services:\n  a:\n    build:\n      context: .\n      args:\n        VERSON: "1.2"\n' }, { filename: 'Dockerfile', content: df }],
      errors: [{ file: 'compose.yaml', line: 6, column: 9, endLine: 6, endColumn: 15, message: '"VERSON" of service "a" is not declared by any ARG in Dockerfile' }],
    },
    {
      name: 'list syntax, at the name part of the entry; names are case-sensitive',
      files: [{ filename: 'compose.yaml', content: 'services:\n  a:\n    build:\n      context: .\n      args:\n        - version=1.2\n        - BASE\n' }, { filename: 'Dockerfile', content: df }],
      errors: [{ file: 'compose.yaml', line: 6, column: 11, endLine: 6, endColumn: 18 }],
    },
    {
      name: 'an undeclared arg of the extending file over a context of the extended one',
      files: [
        { filename: 'compose.yaml', content: 'services:\n  a:\n    extends: {file: common.yaml, service: base}\n    build:\n      args: {VERSON: "1.3"}\n' },
        { filename: 'common.yaml', content: 'services:\n  base:\n    build:\n      context: .\n      args: {VERSION: "1.2"}\n' },
        { filename: 'Dockerfile', content: df },
      ],
      errors: [{ file: 'compose.yaml', line: 5, column: 14, endLine: 5, endColumn: 20, message: 'VERSON' }],
    },
  ],
});
