import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './copy-destination-slash.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM a\nCOPY a b /app/\n',
    'FROM a\nCOPY a /app\n',
    'FROM a\nCOPY a b .\n',
    'FROM a\nCOPY ["a", "b", "/app/"]\n',
    'FROM a\nARG D=/app/\nCOPY a b $D\n',
    'FROM a\nCOPY a b $UNKNOWN\n',
  ],
  invalid: [
    { code: 'FROM a\nCOPY --chown=app a b /app\n', errors: [{ line: 2, column: 22, endColumn: 26, message: '2 sources' }] },
    { code: 'FROM a\nADD ["a", "b", "c", "/app"]\n', errors: [{ line: 2, column: 21, endColumn: 27, message: 'ADD has 3 sources' }] },
    { code: 'FROM a\nONBUILD COPY a b /x\n', errors: [{ line: 2, column: 18, endColumn: 20 }] },
  ],
});
