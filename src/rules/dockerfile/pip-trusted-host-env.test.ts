import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './pip-trusted-host-env.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nENV PIP_INDEX_URL=https://pypi.internal/simple\n'],
  invalid: [{ code: 'FROM a:1\nENV PIP_TRUSTED_HOST=pypi.internal\n', errors: [{ line: 2, column: 5, endColumn: 35 }] }],
});
