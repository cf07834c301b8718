import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './inconsistent-instruction-casing.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a\nRUN x\nONBUILD RUN y\n', 'from a\nrun x\nonbuild run y\n'],
  invalid: [
    { code: 'FROM a\nrun x\nCmd ["y"]\n', errors: [{ line: 2, column: 1, endColumn: 4, message: '`RUN`' }, { line: 3, column: 1, endColumn: 4, message: '`CMD`' }] },
    { code: 'from a\nrun x\nONBUILD run y\n', errors: [{ line: 3, column: 1, endColumn: 8, message: '`onbuild`' }] },
    { code: 'FROM a\nONBUILD run y\n', errors: [{ line: 2, column: 9, endColumn: 12, message: '`RUN`' }] },
  ],
});
