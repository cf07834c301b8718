import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './healthcheck-invalid-option.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM a\nHEALTHCHECK --interval=30s --timeout=1m30s --start-period=0 --start-interval=500ms --retries=3 CMD ["x"]\n',
    'FROM a\nARG I=30s\nHEALTHCHECK --interval=$I CMD ["x"]\n',
  ],
  invalid: [
    { code: 'FROM a\nHEALTHCHECK --interval=30 --retries=-1 CMD ["x"]\n', errors: [{ line: 2, column: 24, endColumn: 26, message: '`30s`' }, { line: 2, column: 37, endColumn: 39, message: 'whole number' }] },
    { code: 'FROM a\nONBUILD HEALTHCHECK --timeout=-5s CMD ["x"]\n', errors: [{ line: 2, column: 31, endColumn: 34 }] },
  ],
});
