import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './npm-strict-ssl-config-disabled.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nRUN npm config set strict-ssl true\n', 'FROM a:1\nRUN npm install set\n'],
  invalid: [
    { code: 'FROM a:1\nRUN npm config set strict-ssl false\n', errors: [{ line: 2, column: 20, endColumn: 30, message: 'npm' }] },
    { code: 'FROM a:1\nRUN yarn config set strict-ssl=false && npm ci --strict-ssl=false\n', errors: [{ line: 2, column: 21 }, { line: 2, column: 48 }] },
  ],
});
