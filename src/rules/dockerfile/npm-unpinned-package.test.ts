import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './npm-unpinned-package.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM node:22\nRUN npm install git+https://github.com/acme/lib.git#v1.4.0\n',
    'FROM node:22\nRUN npm install ./vendor/lib-1.0.0.tar\n',
    'FROM node:22\nRUN npm install --loglevel warn express@4.21.1\n',
    'FROM node\nRUN npm install -g pnpm@9.12.0 @angular/cli@18 "typescript@^5.6"\n',
    'FROM node\nRUN npm install ./local-pkg /tmp/x.tgz git+https://github.com/o/r.git#7f3c2a1 github:o/r user/repo\n',
    'FROM node\nRUN npm install\n',
    'FROM node\nRUN npm ci\n',
    'FROM node\nRUN npm install -g $TOOL\n',
  ],
  invalid: [
    { code: 'FROM node:22\nRUN npm install git+ssh://git@github.com/acme/lib.git\n', errors: [{ line: 2, column: 17, endColumn: 54 }] },
    { code: 'FROM node:22\nRUN npm install git://example.org/lib.git\n', errors: [{ line: 2, column: 17, endColumn: 42 }] },
    { code: 'FROM node\nRUN npm install -g pnpm @nestjs/cli\n', errors: [{ line: 2, column: 20, endColumn: 24, message: '`pnpm`' }, { line: 2, column: 25, endColumn: 36, message: '`@nestjs/cli@<version>`' }] },
    { code: 'FROM node\nRUN npm i --prefix /opt/tools typescript@latest\n', errors: [{ line: 2, column: 31, endColumn: 48, message: '`typescript@<version>`' }] },
  ],
});
