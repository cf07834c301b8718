import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './npm-unpinned-package.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM node\nRUN npm install -g pnpm@9.12.0 @angular/cli@18 "typescript@^5.6"\n',
    'FROM node\nRUN npm install ./local-pkg /tmp/x.tgz git+https://github.com/o/r.git github:o/r user/repo\n',
    'FROM node\nRUN npm install\n',
    'FROM node\nRUN npm ci\n',
    'FROM node\nRUN npm install -g $TOOL\n',
  ],
  invalid: [
    { code: 'FROM node\nRUN npm install -g pnpm @nestjs/cli\n', errors: [{ line: 2, column: 20, endColumn: 24, message: '`pnpm`' }, { line: 2, column: 25, endColumn: 36, message: '`@nestjs/cli@<version>`' }] },
    { code: 'FROM node\nRUN npm i --prefix /opt/tools typescript@latest\n', errors: [{ line: 2, column: 31, endColumn: 48, message: '`typescript@<version>`' }] },
  ],
});
