import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './useradd-without-no-log-init.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nRUN useradd -u 12345 app\n', 'FROM a:1\nRUN useradd --no-log-init -u 123456 app\n', 'FROM a:1\nRUN useradd -lu 123456 app\n', 'FROM a:1\nRUN useradd app\n'],
  invalid: [
    { code: 'FROM a:1\nRUN useradd -m -u 123456 app\n', errors: [{ line: 2, column: 19, endColumn: 25, message: '123456' }] },
    { code: 'FROM a:1\nRUN sudo useradd --uid=1000000 app\n', errors: [{ line: 2, column: 18 }] },
  ],
});
