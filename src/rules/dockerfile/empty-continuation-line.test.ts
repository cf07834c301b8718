import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './empty-continuation-line.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM a\nRUN a \\\n  b\n\nRUN c\n',
    'FROM a\nRUN a \\\n  # comment\n  b\n',
    'FROM a\nRUN <<EOF\necho one\n\necho two\nEOF\n',
    'FROM a\n\n\nRUN x\n',
  ],
  invalid: [
    { code: 'FROM a\nRUN apk add \\\n\n    curl\n', errors: [{ line: 4, column: 5, endColumn: 9, message: 'line 3' }] },
    { code: 'FROM a\nRUN a \\\n  \t\n  # c\n\n  b\nRUN z\n', errors: [{ line: 6, column: 3, endColumn: 4, message: 'line 3' }] },
    // Each resumption after empty lines is one finding, at the line the instruction continues on.
    { code: 'FROM a\nRUN a \\\n\n  b \\\n\n  c\n', errors: [{ line: 4, column: 3, endColumn: 6, message: 'line 3' }, { line: 6, column: 3, endColumn: 4, message: 'line 5' }] },
  ],
});
