import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './pip-trusted-host.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nRUN pip install --index-url https://pypi.internal/simple app\n'],
  invalid: [{ code: 'FROM a:1\nRUN pip3 install --trusted-host=pypi.internal app\n', errors: [{ line: 2, column: 18, endColumn: 46 }] }],
});
