import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './legacy-key-value-format.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a\nENV A=1 B="two words"\nLABEL a=b\nARG X\n', 'FROM a\nENV A=\n'],
  invalid: [
    { code: 'FROM a\nENV APP_HOME /opt/app\n', errors: [{ line: 2, column: 5, endColumn: 22, message: '`ENV APP_HOME=…`' }] },
    { code: 'FROM a\nLABEL maintainer "Jane Doe"\nONBUILD ENV X y\n', errors: [{ line: 2, column: 7, endColumn: 28, message: 'LABEL maintainer' }, { line: 3, column: 13, endColumn: 16 }] },
  ],
});
